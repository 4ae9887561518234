// npm run bench -- district (issue 32, point 5): the portal at district size on PostgreSQL
// (DATABASE_URL), in a database of its own. Seeded in bulk (bench/district-seed.ts: every statement
// over councils × properties, three tax years of books as tests/helpers/tax-seed.ts writes them,
// certificates of the four kinds, sent SMS), the books' invariants checked on a few councils, then
// timed in this process through app.inject (the routes with their validation, auth and envelope; no
// network): the staff property list and search, the staff certificate lists and search, the public
// property certificate (its API read and its server-rendered page when the web app is built), one
// council's yearly rollover through its route, and the district summary's service. Each request picks
// its council and its search term at random.
// Size: DISTRICT_COUNCILS × DISTRICT_PROPERTIES (default 20 × 500), DISTRICT_CERTIFICATES (200 a
// council), DISTRICT_RUNS requests a case (100). DISTRICT_KEEP=1 keeps the database and prints its
// address; DISTRICT_DB=<that address> times it again without seeding.
import os from 'node:os';
import { openDatabase } from '../server/db/open.ts';
import { districtSummary } from '../server/modules/districts/service.ts';
import { certificatePath } from '../server/lib/signed-links.ts';
import { taxYearOf } from '../common/property/tax.ts';
import { todayInIndia } from '../common/dates.ts';
import { throwawayDatabase } from './throwaway-database.ts';
import { benchApp } from './bench-app.ts';
import { FIRST_NAMES, LAST_NAMES } from './certificate-bodies.ts';
import { booksInvariants, districtSize, seedDistrict } from './district-seed.ts';
import { ms, percentile } from './timing.ts';

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const pick = <T>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)];
const upTo = (n: number) => 1 + Math.floor(Math.random() * n);

export async function run() {
  const server = process.env.DATABASE_URL;
  if (!server) return console.log('district: skipped (needs DATABASE_URL, a PostgreSQL server)');
  const size = districtSize();
  const runs = Number(process.env.DISTRICT_RUNS || 100);
  const reuse = process.env.DISTRICT_DB;
  const scratch = reuse ? undefined : await throwawayDatabase(server, 'district');
  const url = reuse ?? scratch!.url;
  const keep = process.env.DISTRICT_KEEP === '1' || !!reuse;
  const database = await openDatabase({ databaseUrl: url });
  try {
    console.log(`load average ${load()} on ${os.cpus().length} cores`);
    let ids: number[];
    let districtId: number;
    if (!reuse) {
      const t0 = performance.now();
      const seeded = await seedDistrict(database, size, (line) => console.log(line));
      ({ ids, districtId } = seeded);
      const parts = Object.entries(seeded.parts)
        .map(([k, s]) => `${k} ${s.toFixed(0)} s`)
        .join(', ');
      console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s (${parts}); load ${load()}`);
    } else {
      ids = (await database.sql.query<{ id: number }>(`SELECT "councilId" AS id FROM "DistrictCouncil" ORDER BY 1`)).map((r) => r.id);
      [{ id: districtId }] = await database.sql.query<{ id: number }>(`SELECT min("districtId") AS id FROM "DistrictCouncil"`);
      size.councils = ids.length;
    }
    const [counts] = await database.sql.query<Record<string, string>>(
      `SELECT pg_size_pretty(pg_database_size(current_database())) AS size,
         (SELECT count(*) FROM "Property") AS properties, (SELECT count(*) FROM "TaxEntry") AS entries,
         (SELECT count(*) FROM "Payment") AS receipts,
         (SELECT (SELECT count(*) FROM "BirthCertificate") + (SELECT count(*) FROM "DeathCertificate")
           + (SELECT count(*) FROM "ResidenceCertificate") + (SELECT count(*) FROM "MarriageCertificate")) AS certificates,
         (SELECT count(*) FROM "SmsMessage") AS sms`,
    );
    const n = (k: string) => Number(counts[k]).toLocaleString('en-IN');
    console.log(
      `${ids.length} councils: ${n('properties')} properties, ${n('entries')} book entries, ${n('receipts')} receipts, ` +
        `${n('certificates')} certificates, ${n('sms')} SMS; database ${counts.size}`,
    );
    const sample = [...new Set([ids[0], pick(ids), ids[ids.length - 1]])];
    const t1 = performance.now();
    const broken = Object.entries(await booksInvariants(database, sample)).filter(([, v]) => v);
    console.log(
      `books' invariants on councils ${sample.join(', ')} (${((performance.now() - t1) / 1000).toFixed(1)} s): ` +
        (broken.length ? `BROKEN ${broken.map(([k, v]) => `${k}: ${v}`).join('; ')}` : 'all hold'),
    );
    if (broken.length) throw new Error('the seeded books break their invariants: figures over them would mean nothing');

    const { app, database: appDb } = await benchApp({ dataDir: os.tmpdir(), databaseUrl: url });
    try {
      const staff = (council: number) => ({
        authorization: `Bearer ${app.signToken({ id: council, username: `gp_${council}`, tokenVersion: 0 })}`,
      });
      const perCouncil = Number(
        (
          await database.sql.query<{ n: number }>(`SELECT max("serialNo")::int AS n FROM "Property" WHERE "createdByUserId" = $1`, [ids[0]])
        )[0].n,
      );
      console.log(`\nIn-process (app.inject), ${runs} requests a case, a council at random each time; load ${load()}:`);
      const measure = async (label: string, target: number, request: () => { url: string; headers?: Record<string, string> }) => {
        const times: number[] = [];
        for (let i = 0; i < runs + 3; i++) {
          const r = request();
          const t0 = performance.now();
          const res = await app.inject({ method: 'GET', url: r.url, headers: r.headers, remoteAddress: `10.9.${i % 250}.${upTo(250)}` });
          if (i >= 3) times.push(performance.now() - t0); // the first three warm the plans
          if (res.statusCode !== 200) throw new Error(`${label}: ${r.url} ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
        const p95 = percentile(times, 95);
        console.log(
          `  ${label.padEnd(46)} p50 ${ms(percentile(times, 50))}  p95 ${ms(p95)}  target p95 ≤ ${target} ms  ${p95 <= target ? 'met' : 'NOT MET'}`,
        );
      };
      const paged = (council: number, q: Record<string, string | number>) => ({
        url: `/api/Properties/paged?${new URLSearchParams(Object.entries({ pageNumber: 1, pageSize: 10, ...q }).map(([k, v]) => [k, String(v)]))}`,
        headers: staff(council),
      });
      await measure('staff property list, page 1', 30, () => paged(pick(ids), {}));
      await measure('staff property list, a page of 1–100', 30, () => paged(pick(ids), { pageNumber: upTo(Math.ceil(perCouncil / 10)) }));
      await measure('staff property search, number (1–4 digits)', 30, () =>
        paged(pick(ids), { searchMalmatta: String(upTo(perCouncil)).slice(0, upTo(4)) }),
      );
      await measure('staff property search, owner name', 30, () => paged(pick(ids), { searchName: `मालक ${upTo(perCouncil)}` }));
      const lists = {
        birth: '/api/BirthCertificate/paged',
        death: '/api/DeathCertificate/paged',
        residence: '/api/ResidenceCertificate',
        marriage: '/api/MarriageCertificate/paged',
      };
      const terms = () => {
        const [fe, fm] = pick(FIRST_NAMES);
        const [le, lm] = pick(LAST_NAMES);
        return pick([fe.slice(0, 2), fm.slice(0, 2), le, lm, `${fe} ${le}`, `${fm} ${lm}`]);
      };
      for (const [kind, path] of Object.entries(lists)) {
        await measure(`staff ${kind} certificate list, page 1`, 30, () => ({
          url: `${path}?pageNumber=1&pageSize=10`,
          headers: staff(pick(ids)),
        }));
        await measure(`staff ${kind} certificate search`, 30, () => ({
          url: `${path}?pageNumber=1&pageSize=10&nameFilter=${encodeURIComponent(terms())}`,
          headers: staff(pick(ids)),
        }));
      }
      // The signed tail `{no}/{council}?s=…` of a property's certificate link: the page and its API read take it alike.
      const signed = (council: number, no: string) => certificatePath(app.config.jwtSecret, council, no).slice('/propertyqr/'.length);
      await measure('public property certificate, its API read', 50, () => {
        const council = pick(ids);
        return { url: `/api/public/property-certificate/${signed(council, String(upTo(perCouncil)))}` };
      });
      const page = await app.inject({ method: 'GET', url: `/propertyqr/${signed(ids[0], '1')}` });
      if (page.statusCode === 200 && page.body.includes('मालक 1'))
        await measure('public property page /propertyqr (server-rendered)', 50, () => ({
          url: `/propertyqr/${signed(pick(ids), String(upTo(perCouncil)))}`,
        }));
      else console.log('  public property page /propertyqr: not timed (no server-rendered web build: `npm run build` first)');

      // One council's yearly rollover through its route (yearly.ts rollover): this year's demand for
      // every kar record. Each council only once (the next would have nothing to raise).
      const rolls = Number(process.env.DISTRICT_ROLLOVERS || 5);
      const times: number[] = [];
      let entries = 0;
      const behind = (
        await database.sql.query<{ id: number }>(
          `SELECT "createdByUserId" AS id FROM "KarDetail" GROUP BY 1 HAVING min("karupdatedYear") < $1`,
          [taxYearOf(todayInIndia())],
        )
      ).map((r) => r.id);
      for (const council of behind.sort(() => Math.random() - 0.5).slice(0, rolls)) {
        const t0 = performance.now();
        const res = await app.inject({ method: 'POST', url: `/api/KarImport/recalc-by-user/${council}`, headers: staff(council) });
        times.push(performance.now() - t0);
        if (res.statusCode !== 200) throw new Error(`rollover: ${res.statusCode} ${res.body.slice(0, 200)}`);
        entries = res.json().result.updated * 4;
      }
      console.log(
        `  yearly rollover of one council (${rolls} councils, ~${entries} entries each)  p50 ${ms(percentile(times, 50))}  max ${ms(Math.max(...times))}  ` +
          `target ≤ 2,000 ms  ${Math.max(...times) <= 2000 ? 'met' : 'NOT MET'}`,
      );
    } finally {
      await app.close();
      await appDb.close();
    }

    const taxYear = taxYearOf(todayInIndia()) - 1;
    const times: number[] = [];
    let summary = await districtSummary(database.prisma, districtId, taxYear);
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      summary = await districtSummary(database.prisma, districtId, taxYear);
      times.push(performance.now() - t);
    }
    console.log(
      `  district summary (its service, ${ids.length} councils, 10 runs)        p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}  ` +
        `target ≤ 1,000 ms  ${percentile(times, 95) <= 1000 ? 'met' : 'NOT MET'}  (demand ₹${summary.total.demand}, collected ${summary.total.collectionPercent}%)`,
    );
    console.log(`load average at the end ${load()}`);
    if (keep) console.log(`database kept: DISTRICT_DB=${url}`);
  } finally {
    await database.close();
    if (!keep) await scratch?.drop();
  }
}
