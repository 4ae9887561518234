// Which errors answer 503 (the database down or unreachable) rather than 500 (plugins/envelope.ts).
import { describe, expect, it } from 'vitest';
import { databaseUnavailable } from '../../server/plugins/envelope.ts';

describe('database unavailable', () => {
  it("knows node-postgres's socket errors and PostgreSQL shutting down, starting or out of connections", () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', '57P01', '57P03', '53300'])
      expect(databaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    expect(databaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // Wrapped, as an error with a cause.
    expect(databaseUnavailable(new Error('read failed', { cause: Object.assign(new Error('x'), { code: 'ECONNREFUSED' }) }))).toBe(true);
  });
  it("knows Prisma's codes and its driver adapter's kinds", () => {
    expect(databaseUnavailable({ code: 'P1001' })).toBe(true);
    expect(databaseUnavailable({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'DatabaseNotReachable' } } } })).toBe(true);
    expect(databaseUnavailable({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'postgres', code: '57P01' } } } })).toBe(true);
  });
  it('leaves a wrong query, a constraint or a fault in the code to their own answers', () => {
    expect(databaseUnavailable({ code: 'P2002' })).toBe(false);
    expect(databaseUnavailable({ code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'postgres', code: '42P01' } } } })).toBe(
      false,
    );
    expect(databaseUnavailable(Object.assign(new Error('x'), { code: '23505' }))).toBe(false);
    expect(databaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(databaseUnavailable(undefined)).toBe(false);
  });
});
