// The register's Excel import: every row checked first; written only when all are good and it is
// not a dry run, in one transaction of set-based statements (5,000 rows: a few inserts, not 10,000),
// each new property assessed from this tax year like one registered by hand.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { taxYearOf } from '../../../common/property/tax.ts';
import { nextNumbers } from '../../db/counter.ts';
import type { Db } from '../../db/open.ts';
import type { Tx } from '../../db/transaction.ts';
import { Invalid } from '../../lib/errors.ts';
import { refuseBadText } from '../../lib/input-guard.ts';
import { applyAssessmentChange } from '../tax/revision.ts';
import { recordAudit } from '../audit/record.ts';
import { factsRowOf, readOwner, readProperty, type Facts, type OwnerFacts } from './facts.ts';
import { ROW_SELECT, toRow, type Selected } from './rows.ts';
import type { RegisterBody } from './schema.ts';
import { insertOwners, insertProperties } from './sql.ts';

export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}
export interface ImportReport {
  dryRun: boolean;
  rows: number;
  /** Rows that would be (dry run) or were registered. */
  created: number;
  /** Rows already in the register with the same details: importing a file twice changes nothing. */
  unchanged: number;
  problems: ImportProblem[];
  written: boolean;
}

const SAME_FIELDS = [
  'malmattaNo',
  'gatNo',
  'citySurveyNo',
  'malmattaVarnan',
  'buildingType',
  'usage',
  'milkatBandhakamYear',
  'areaSqm',
] as const;

/** Checks every row first; writes only when all are good and it is not a dry run. */
export async function importRegister(
  db: Db,
  councilId: number,
  rows: { row: number; values: Record<string, string> }[],
  dryRun: boolean,
  actor: string,
  today: Date,
  fileName = '',
): Promise<ImportReport> {
  const year = today.getUTCFullYear();
  const problems: ImportProblem[] = [];
  const fresh: { facts: Facts; owner: OwnerFacts }[] = [];
  const firstRowOf = new Map<string, number>();
  const read: { row: number; facts: Facts; owner: OwnerFacts }[] = [];

  for (const [i, { row, values }] of rows.entries()) {
    // A turn of the event loop every 1,000 rows here and below, so that other requests are answered
    // while 20,000 are checked (about a second; the embedded database answers without one).
    if (i % 1000 === 999) await nextTurn();
    try {
      // The input guard sees only the request; a workbook's cells are text of their own.
      refuseBadText(values);
      const facts = readProperty(values as unknown as RegisterBody, year);
      const owner = readOwner(values);
      const seen = firstRowOf.get(facts.malmattaKey);
      if (seen) {
        problems.push({ row, field: 'malmattaNo', message: `${facts.malmattaNo} appears again (first in row ${seen})` });
        continue;
      }
      firstRowOf.set(facts.malmattaKey, row);
      read.push({ row, facts, owner });
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      problems.push({ row, field: err.field ?? 'row', message: err.message });
    }
  }

  // What is already registered under the same numbers, in one query per 1,000 keys.
  const existing = new Map<string, Selected & { malmattaKey: string }>();
  const keys = read.map((r) => r.facts.malmattaKey);
  for (let i = 0; i < keys.length; i += 1000) {
    const found = await db.property.findMany({
      where: { createdByUserId: councilId, malmattaKey: { in: keys.slice(i, i + 1000) } },
      select: { ...ROW_SELECT, malmattaKey: true },
    });
    for (const p of found) existing.set(p.malmattaKey, p);
    await nextTurn();
  }
  let unchanged = 0;
  for (const [i, r] of read.entries()) {
    if (i % 1000 === 999) await nextTurn();
    const have = existing.get(r.facts.malmattaKey);
    if (!have) {
      fresh.push(r);
      continue;
    }
    const row = toRow(have);
    const same =
      SAME_FIELDS.every((f) => String(row[f]) === String(r.facts[f])) &&
      row.malkacheNav === r.owner.malkacheNav &&
      row.bhogwatdarakNav === r.owner.bhogwatdarakNav &&
      row.mobileNo === r.owner.mobileNo;
    if (same) unchanged++;
    else
      problems.push({
        row: r.row,
        field: 'malmattaNo',
        message: `${r.facts.malmattaNo} is already registered with other details; change it in the register, not by import`,
      });
  }
  problems.sort((a, b) => a.row - b.row);
  const report = { dryRun, rows: rows.length, created: fresh.length, unchanged, problems, written: false };
  if (dryRun || problems.length || !fresh.length) return report;

  await db.$transaction(
    async (tx) => {
      // 2,000 rows a batch, a turn of the event loop between: one of 20,000 held it for 4 s on the
      // embedded database, 0.9 s on PostgreSQL.
      for (let i = 0; i < fresh.length; i += 2000) {
        await insertRegisterRows(tx, councilId, year, fresh.slice(i, i + 2000), actor, today);
        await nextTurn();
      }
      // One row for the whole file: what the clerk did was import it.
      const figure = (n: string | number) => ({ old: null, new: n });
      await recordAudit(tx, {
        councilId,
        entity: 'PropertyImport',
        action: 'import',
        changes: {
          fileName: figure(fileName.slice(0, 200)),
          rows: figure(rows.length),
          created: figure(fresh.length),
          unchanged: figure(unchanged),
        },
      });
    },
    { timeout: 120_000 },
  );
  return { ...report, written: true };
}

/** Many new properties with their owners in set-based statements (the rows travel as one JSON
 *  parameter, jsonb_to_recordset; Prisma's createMany binds every value apart, 5.8 s for 5,000 on
 *  the embedded database), numbered from the register's counter in one step, then assessed. */
async function insertRegisterRows(
  tx: Tx,
  councilId: number,
  year: number,
  rows: { facts: Facts; owner: OwnerFacts }[],
  actor: string,
  today: Date,
) {
  const first = await nextNumbers(tx, councilId, 'property-serial', 0, rows.length);
  const properties = rows.map(({ facts }, i) => ({ ...facts, serialNo: first + i }));
  const inserted = await insertProperties(tx, councilId, year, properties);
  await insertOwners(
    tx,
    councilId,
    rows.map(({ facts, owner }) => ({ ...owner, malmattaKey: facts.malmattaKey })),
  );
  const idOf = new Map(inserted.map((p) => [p.malmattaKey, p.propertyId]));
  await applyAssessmentChange(
    tx,
    councilId,
    rows.map(({ facts }) => factsRowOf(idOf.get(facts.malmattaKey)!, facts)),
    { fromYear: taxYearOf(today), reason: 'import', ghasaraYear: year, touchVersion: false },
    actor,
    today,
  );
}
