// The embedded database in a data directory, as the portal opens it: a new directory gets its
// database made by initdb in a child process (so initdb's memory leaves with that process), then it
// is opened, migrated and handed out like an existing one; the next open finds what was written.
// Always PGlite, also when DATABASE_URL is set for the other tests.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../server/db/open.ts';
import { listMigrations } from '../../server/db/migrate.ts';
import { createAccount } from '../../server/modules/users/service.ts';
import { tempDir } from '../helpers/fixture.ts';

const dataDir = tempDir('gp-embedded-');

describe('the embedded database in a data directory', () => {
  it('is created, migrated and handed out on a new directory, and kept for the next open', async () => {
    const log: string[] = [];
    const first = await openDatabase({ dataDir, log: (m) => log.push(m) });
    try {
      expect(first.kind).toBe('pglite');
      expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
      expect(log.filter((m) => m.startsWith('applied migration'))).toHaveLength(listMigrations().length);
      // The extension the migrations need is loaded in this process's PGlite, not only in initdb's.
      const [trgm] = await first.sql.query<{ similarity: number }>(`SELECT similarity('पाटील', 'पाटिल') AS similarity`);
      expect(trgm.similarity).toBeGreaterThan(0);
      await createAccount(first.prisma, { username: 'embedded_keeper', password: 'Keeper-pass1' });
    } finally {
      await first.close();
    }

    const again: string[] = [];
    const second = await openDatabase({ dataDir, log: (m) => again.push(m) });
    try {
      expect(again.filter((m) => m.startsWith('applied migration'))).toEqual([]);
      expect(await second.prisma.user.findUnique({ where: { username: 'embedded_keeper' } })).toMatchObject({ isAdmin: false });
    } finally {
      await second.close();
    }
  });
});
