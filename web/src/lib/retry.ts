// Which failed reads are worth asking again (TanStack Query's `retry`, set in app/QueryProvider.tsx):
// a network failure or a server error (5xx) may pass; a 4xx answer will not change by asking again
// (and a 401 already ended the session in lib/api.ts), and a cancelled read was meant.
export const READ_RETRIES = 2;

export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= READ_RETRIES) return false;
  if (error instanceof Error && error.name === 'AbortError') return false;
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number') return status >= 500;
  // fetch rejects with a TypeError when the network or the server is down.
  return error instanceof TypeError;
}

/** 1 s, then 2 s: a clerk sees a lasting failure within about 3 s. */
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 4000);
