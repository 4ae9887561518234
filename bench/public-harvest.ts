// The harvest of security issue 25, finding 4, replayed against the public property routes: 2,000
// certificates of one council (`GET /api/public/property-certificate/{no}/{council}`, no signature)
// from one address and from 100 addresses, and the autocomplete from 8 addresses (120 requests
// each). Reports how many answers came back with data, how many were refused, and how long it took.
// In-process (app.inject with a remote address per request, 8 at a time): the seconds are the
// server's, without the network. Throw-away PGlite database, or DATABASE_URL when set.
// Standalone: npx tsx bench/public-harvest.ts
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createAccount } from '../server/modules/users/service.ts';
import { seedTaxedInBulk } from '../tests/helpers/tax-seed.ts';
import { solvedPow } from '../tests/helpers/pow.ts';
import { benchApp } from './bench-app.ts';

const PROPERTIES = 2_000;
const PARALLEL = 8;

interface Request {
  url: string;
  address: string;
}

/** Runs the requests PARALLEL at a time: the count of each status, of the rows that came back, and the seconds taken. */
async function harvest(requests: Request[], send: (r: Request) => Promise<{ status: number; rows: number }>) {
  const statuses = new Map<number, number>();
  let rows = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < requests.length) {
        const { status, rows: n } = await send(requests[next++]);
        rows += n;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const counts = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${n} × ${s}`)
    .join(', ');
  return { seconds, counts, ok: statuses.get(200) ?? 0, rows };
}

export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-harvest-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const { app, database } = await benchApp({ dataDir, databaseUrl });
  const council = await createAccount(app.db, {
    username: `bench_harvest_${crypto.randomBytes(4).toString('hex')}`,
    password: 'Bench-pass1-long',
  });
  app.config.publicUserId = council.id;
  try {
    await seedTaxedInBulk(database, council.id, PROPERTIES);
    console.log(`Database: ${database.kind}; ${PROPERTIES} properties of one council; ${PARALLEL} requests at a time.`);
    const get = async (r: Request) => {
      const res = await app.inject({ method: 'GET', url: r.url, remoteAddress: r.address });
      const result = res.statusCode === 200 ? (res.json() as { result: unknown[] }).result : [];
      return { status: res.statusCode, rows: result.length };
    };
    const certificates = (addressOf: (i: number) => string) =>
      Array.from({ length: PROPERTIES }, (_, i) => ({
        url: `/api/public/property-certificate/${i + 1}/${council.id}`,
        address: addressOf(i),
      }));

    const one = await harvest(
      certificates(() => '203.0.113.7'),
      get,
    );
    console.log(`certificates, 1 address:    ${one.ok} of ${PROPERTIES} came out in ${one.seconds.toFixed(2)} s (${one.counts})`);
    const many = await harvest(
      certificates((i) => `198.51.100.${i % 100}`),
      get,
    );
    console.log(`certificates, 100 addresses: ${many.ok} of ${PROPERTIES} came out in ${many.seconds.toFixed(2)} s (${many.counts})`);
    // The autocomplete: every one- and two-digit prefix, ten numbers with their owners each. Where the
    // portal asks for a proof of work (GET /api/public/pow), the harvester solves it as a program would,
    // with Node's SHA-256 (tests/helpers/pow.ts); the seconds include that work.
    const prefixes = Array.from({ length: 120 }, (_, i) => String(i < 9 ? i + 1 : i - 9 + 10));
    const powAsked = (await app.inject({ method: 'GET', url: '/api/public/pow', remoteAddress: '192.0.2.250' })).statusCode === 200;
    const suggest = await harvest(
      Array.from({ length: 8 * prefixes.length }, (_, i) => ({
        url: `/api/public/properties/suggest?type=malmatta&q=${prefixes[i % prefixes.length]}`,
        address: `192.0.2.${1 + Math.floor(i / prefixes.length)}`,
      })),
      async (r) => {
        if (!powAsked) return get(r);
        const altcha = await solvedPow(app, { remoteAddress: r.address }).catch(() => '');
        return get({ ...r, url: `${r.url}&altcha=${encodeURIComponent(altcha)}` });
      },
    );
    console.log(
      `suggestions, 8 addresses:    ${suggest.rows} suggestions from ${8 * prefixes.length} requests in ${suggest.seconds.toFixed(2)} s (${suggest.counts})${powAsked ? ', proof of work solved for each' : ''}`,
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await run();
