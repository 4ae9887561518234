// 10,000 dues notices through the fake Fast2SMS gateway over real HTTP: the time to queue them
// (POST /api/Sms/dues: recipients, texts, one transaction), the time for the outbox worker to hand
// them all to the gateway, and the server's memory meanwhile (peak RSS and heap above the start).
// Runs on a throw-away PGlite database, or on DATABASE_URL when set (its rows are deleted after).
// Standalone: node --expose-gc --import tsx bench/sms.ts (with --expose-gc it also reports the heap after a full GC)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSmsConfig } from '../server/config.ts';
import { createAccount } from '../server/modules/users/service.ts';
import { startFakeGateway } from '../tests/helpers/fake-sms-gateway.ts';
import { benchApp } from './bench-app.ts';

const NOTICES = 10_000;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export async function run() {
  const fake = await startFakeGateway();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-bench-sms-'));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const sms = {
    ...loadSmsConfig({}),
    provider: 'fast2sms' as const,
    apiKey: 'good',
    senderId: 'GRMPNC',
    entityId: '1201',
    templateIds: { gramsabha: 'T-GS', dues: 'T-DUES' },
    gatewayUrl: fake.url,
    perSecond: 100_000,
    worker: false,
  };
  const { app, database } = await benchApp({ dataDir, databaseUrl, config: { sms } });
  const password = 'Bench-sms-2026';
  const council = await createAccount(app.db, { username: `bench_sms_${Date.now().toString(36)}`, password });
  try {
    await database.sql.query(
      `INSERT INTO "Property" ("createdByUserId", "malmattaNo", "malmattaKey", "updatedAt")
       SELECT $1::int, g::text, g::text, now() FROM generate_series(1, $2::int) g`,
      [council.id, NOTICES],
    );
    await database.sql.query(
      `INSERT INTO "Owner" ("propertyId", "createdByUserId", "malmattaNo", "malkacheNav", "mobileNo", "updatedAt")
       SELECT "propertyId", $1::int, "malmattaNo", 'मालक ' || "malmattaNo", (9000000000 + "malmattaNo"::int)::text, now() FROM "Property" WHERE "createdByUserId" = $1::int`,
      [council.id],
    );
    await database.sql.query(
      `INSERT INTO "KarDetail" ("propertyId", "createdByUserId", "malmattaNo", "total", "updatedAt")
       SELECT "propertyId", $1::int, "malmattaNo", 1276 + "propertyId" % 100000, now() FROM "Property" WHERE "createdByUserId" = $1::int`,
      [council.id],
    );

    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss,
      peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    }, 50);

    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/Sms/dues',
      headers: { authorization: `Bearer ${app.signToken(council)}` },
      payload: { password },
    });
    if (res.statusCode !== 202) throw new Error(`dues: ${res.body}`);
    const queuedSeconds = (performance.now() - t0) / 1000;
    const { batchId, recipients } = res.json().result;

    const t1 = performance.now();
    app.sms.worker.scope = [council.id];
    await app.sms.worker.start();
    for (;;) {
      const left = await app.db.smsMessage.count({ where: { batchId, status: { in: ['queued', 'sending'] } } });
      if (!left) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const sentSeconds = (performance.now() - t1) / 1000;
    clearInterval(sampler);
    const sent = await app.db.smsMessage.count({ where: { batchId, status: 'sent' } });
    console.log(`queue ${recipients} dues notices (POST /api/Sms/dues): ${queuedSeconds.toFixed(2)} s`);
    console.log(
      `send them through the fake Fast2SMS over HTTP: ${sentSeconds.toFixed(1)} s (${Math.round(sent / sentSeconds)}/s), ${sent} sent, gateway saw ${fake.sends().length}`,
    );
    global.gc?.();
    const after = process.memoryUsage();
    console.log(
      `memory growth meanwhile: peak RSS +${mb(peakRss - before.rss)}, peak heap +${mb(peakHeap - before.heapUsed)} (garbage included; RSS at start ${mb(before.rss)}, PGlite in the same process)`,
    );
    if (global.gc) console.log(`heap after the batch and a full GC: +${mb(after.heapUsed - before.heapUsed)}`);
  } finally {
    await app.db.user.deleteMany({ where: { id: council.id } });
    await app.close();
    await database.close();
    await fake.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await run();
