// Which failed reads the staff screens ask again (web/src/lib/retry.ts, TanStack Query's `retry`).
import { describe, expect, it } from 'vitest';
import { READ_RETRIES, retryDelay, shouldRetryRead } from '../../web/src/lib/retry.ts';

/** Shaped like lib/api.ts's ApiError: a message and the answer's status. */
const answered = (status: number) => Object.assign(new Error(`status ${status}`), { status });

describe('read retries', () => {
  it('ask again after a server error or a network failure, twice at most', () => {
    for (const err of [answered(500), answered(503), new TypeError('Failed to fetch')]) {
      expect(shouldRetryRead(0, err)).toBe(true);
      expect(shouldRetryRead(READ_RETRIES - 1, err)).toBe(true);
      expect(shouldRetryRead(READ_RETRIES, err)).toBe(false);
    }
    expect(READ_RETRIES).toBe(2);
  });

  it('never ask again after a 4xx answer, a cancelled read or a malformed answer', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetryRead(0, answered(status)), String(status)).toBe(false);
    expect(shouldRetryRead(0, new DOMException('The user aborted a request.', 'AbortError'))).toBe(false);
    expect(shouldRetryRead(0, new Error('News read: result is not an array'))).toBe(false);
  });

  it('wait 1 s, then 2 s', () => {
    expect([0, 1].map(retryDelay)).toEqual([1000, 2000]);
  });
});
