// The bank statement's calls (issue 30): the statement read (dry run) or applied, a credit assigned
// by hand, and the credits waiting for a clerk. Their keys start with 'tax': applying moves money
// in the books, so every tax query is read again (queries.ts: useUnmatched, useRefreshBooks).
import type { StatementResult, UnmatchedPage } from '../../../../common/api-types.ts';
import { api } from '../../lib/api.ts';

export type { StatementResult };
export type Matched = StatementResult['matched'][number];

export async function sendStatement(file: File, dryRun: boolean) {
  const body = new FormData();
  body.append('file', file);
  return api<StatementResult>(`/api/Reconciliation/statement?dryRun=${dryRun}`, { method: 'POST', body });
}

export const matchCredit = (bankReference: string, malmattaNo: string) =>
  api<{ matched: Matched; receiptNo: number; financialYear: string; paymentId: number }>('/api/Reconciliation/match', {
    method: 'POST',
    body: { bankReference, malmattaNo },
  });

export const UNMATCHED_PAGE = 10;
export const fetchUnmatched = async (pageNumber: number, signal?: AbortSignal): Promise<UnmatchedPage> =>
  (await api<UnmatchedPage>(`/api/Reconciliation/unmatched?pageNumber=${pageNumber}&pageSize=${UNMATCHED_PAGE}`, { signal })).result;
