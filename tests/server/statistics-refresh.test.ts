// The embedded database runs no autovacuum: after a bulk write the app refreshes the planner's
// statistics itself (app.refreshStatistics), so searches keep their indexes without waiting for the
// six-hourly maintenance. On PostgreSQL autovacuum does it and the call does nothing.
import { describe, expect, it, vi } from 'vitest';
import { useTestApp, createCouncil } from '../helpers/app.ts';

const t = useTestApp();

const plannedRows = async () =>
  (await t.app.db.$queryRaw<{ n: number }[]>`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'BlogPost'`)[0].n;

describe.skipIf(process.env.DATABASE_URL)('planner statistics after bulk writes (embedded database)', () => {
  it('refreshes a table the planner still thinks is small, soon after a bulk write of 500 rows or more', async () => {
    const council = await createCouncil(t.app);
    await t.app.db.$executeRaw`
      INSERT INTO "BlogPost" ("blogTitle", "blogContent", "eventDate", "createdByUserId", "updatedAt")
      SELECT 'बातमी ' || i, 'मजकूर', now(), ${council.userId}, now() FROM generate_series(1, 600) AS i`;
    expect(await plannedRows()).toBeLessThan(600);
    t.app.refreshStatistics(['BlogPost'], 600);
    await vi.waitFor(async () => expect(await plannedRows()).toBeGreaterThanOrEqual(600), { timeout: 60_000, interval: 200 });
  });
});

describe.skipIf(process.env.DATABASE_URL)('embedded database memory', () => {
  it('runs with 32 MB of shared buffers, not PostgreSQL’s 128 MB (server/db/open.ts)', async () => {
    const [{ v }] = await t.app.db.$queryRaw<{ v: string }[]>`SELECT current_setting('shared_buffers') AS v`;
    expect(v).toBe('32MB');
  });
});
