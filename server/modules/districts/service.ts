// The district view (issue 32): councils grouped by the operator, their totals for a district account.
import type { DbOrTx } from '../../db/transaction.ts';
import { inTransaction } from '../../db/transaction.ts';
import { Conflict, Invalid, NotFound } from '../../lib/errors.ts';
import { fromPaise } from '../../../common/money.ts';
import { recordAudit } from '../audit/record.ts';
import type { DistrictBody, DistrictSummary } from './schema.ts';
import { certificatesByMonth, councilTotals, type CouncilTotalsRow } from './sql.ts';

export async function createDistrict(db: DbOrTx, operatorId: number, body: DistrictBody): Promise<number> {
  const name = body.name.trim();
  if (!name) throw new Invalid('name', 'जिल्ह्याचे नाव लिहा / is required');
  return inTransaction(db, async (tx) => {
    const accounts = await tx.user.findMany({ where: { id: { in: body.councilIds } }, select: { id: true, districtId: true } });
    const councils = new Set(accounts.filter((a) => a.districtId === null).map((a) => a.id));
    const missing = body.councilIds.filter((id) => !councils.has(id));
    if (missing.length) throw new NotFound(`No such council account: ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '…' : ''}`);
    const taken = await tx.districtCouncil.findMany({ where: { councilId: { in: body.councilIds } }, select: { councilId: true } });
    if (taken.length)
      throw new Conflict(
        `या ग्रामपंचायती आधीच एका जिल्ह्यात आहेत / These councils already belong to a district: ${taken
          .slice(0, 10)
          .map((t) => t.councilId)
          .join(', ')}`,
      );
    const district = await tx.district.create({ data: { name } });
    await tx.districtCouncil.createMany({ data: body.councilIds.map((councilId) => ({ councilId, districtId: district.id })) });
    await recordAudit(tx, {
      councilId: operatorId,
      entity: 'District',
      entityId: district.id,
      action: 'create',
      changes: { name: { old: null, new: name }, councilIds: { old: null, new: body.councilIds.join(', ').slice(0, 2000) } },
    });
    return district.id;
  });
}

/** The tax year's span, April to March, as UTC timestamps of India's midnights. */
function yearSpan(taxYear: number): [string, string] {
  const at = (y: number) => new Date(Date.UTC(y, 3, 1) - 330 * 60_000).toISOString().replace('T', ' ').slice(0, 19);
  return [at(taxYear), at(taxYear + 1)];
}

const percent = (collected: bigint, demand: bigint) => (demand > 0n ? Number((collected * 10_000n) / demand) / 100 : 0);

function totalsOf(r: Omit<CouncilTotalsRow, 'councilId' | 'name'>) {
  const demand = BigInt(r.demand);
  const collected = BigInt(r.collected);
  return {
    properties: r.properties,
    demand: fromPaise(demand),
    collected: fromPaise(collected),
    balance: fromPaise(demand - collected - BigInt(r.remitted)),
    collectionPercent: percent(collected, demand),
    certificates: { birth: r.birth, death: r.death, residence: r.residence, marriage: r.marriage },
    smsSent: r.smsSent,
  };
}

export async function districtSummary(db: DbOrTx, districtId: number, taxYear: number): Promise<DistrictSummary> {
  const district = await db.district.findUnique({ where: { id: districtId } });
  if (!district) throw new NotFound('No such district.');
  const [from, to] = yearSpan(taxYear);
  const [rows, months] = await Promise.all([
    councilTotals(db, districtId, taxYear, from, to),
    certificatesByMonth(db, districtId, from, to),
  ]);
  const sum = (k: keyof CouncilTotalsRow) => rows.reduce((t, r) => t + BigInt(r[k]), 0n);
  const total = totalsOf({
    properties: Number(sum('properties')),
    demand: String(sum('demand')),
    collected: String(sum('collected')),
    remitted: String(sum('remitted')),
    birth: Number(sum('birth')),
    death: Number(sum('death')),
    residence: Number(sum('residence')),
    marriage: Number(sum('marriage')),
    smsSent: Number(sum('smsSent')),
  });
  const byMonth = new Map<string, { month: string; birth: number; death: number; residence: number; marriage: number }>();
  for (const m of months) {
    const row = byMonth.get(m.month) ?? { month: m.month, birth: 0, death: 0, residence: 0, marriage: 0 };
    row[m.kind as 'birth'] = m.n;
    byMonth.set(m.month, row);
  }
  return {
    district: { districtId: district.id, name: district.name },
    taxYear,
    councils: rows.map((r) => ({ councilId: r.councilId, name: r.name, ...totalsOf(r) })),
    total,
    certificatesByMonth: [...byMonth.values()],
  };
}
