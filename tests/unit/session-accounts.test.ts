// The memory of session accounts (server/modules/users/sessions.ts) against reads and change
// notices interleaved in every order: no account read before a change may be kept after it.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/open.ts';
import { ACCOUNT_CHANGED, sessionAccounts, type SessionAccount } from '../../server/modules/users/sessions.ts';

/** A database whose account reads wait until the test answers them, and whose notices the test sends. */
function fakeDatabase() {
  const pending: Array<(row: SessionAccount | null) => void> = [];
  let version = 0;
  let reads = 0;
  let notify: (() => void) | undefined;
  const db = {
    user: {
      findUnique: () => {
        reads++;
        return new Promise<SessionAccount | null>((resolve) => pending.push(resolve));
      },
    },
  } as unknown as Db;
  return {
    db,
    listen: async (channel: string, onNotify: () => void) => {
      expect(channel).toBe(ACCOUNT_CHANGED);
      notify = onNotify;
    },
    /** Answers the oldest read with the account as it is now. */
    answer: () =>
      pending.shift()!({ id: 1, username: 'gp', isAdmin: false, passwordChangedAt: new Date(0), tokenVersion: version, districtId: null }),
    change: () => {
      version++;
      notify!();
    },
    reads: () => reads,
  };
}

describe('session accounts', () => {
  it('reads an account once while nothing changes, again after a change', async () => {
    const f = fakeDatabase();
    const read = await sessionAccounts(f.db, f.listen);
    const first = read(1);
    f.answer();
    expect((await first)!.tokenVersion).toBe(0);
    expect((await read(1))!.tokenVersion).toBe(0);
    expect(f.reads()).toBe(1);
    f.change();
    const next = read(1);
    f.answer();
    expect((await next)!.tokenVersion).toBe(1);
    expect(f.reads()).toBe(2);
  });

  it('does not keep a row read before a change that was announced while it was read', async () => {
    const f = fakeDatabase();
    const read = await sessionAccounts(f.db, f.listen);
    const stale = read(1);
    f.answer(); // read at version 0…
    f.change(); // …a change commits before that read's caller resumes
    expect((await stale)!.tokenVersion).toBe(0); // that request began before the change: either answer is right
    const after = read(1);
    expect(f.reads()).toBe(2); // not served from memory
    f.answer();
    expect((await after)!.tokenVersion).toBe(1);
  });

  it('reads every time without notices (PostgreSQL)', async () => {
    const f = fakeDatabase();
    const read = await sessionAccounts(f.db);
    for (let i = 0; i < 3; i++) {
      const r = read(1);
      f.answer();
      await r;
    }
    expect(f.reads()).toBe(3);
  });
});
