// The district view's call (issue 32): a district account's totals per council (GET /api/District/summary).
import type { DistrictSummary } from '../../../../common/api-types.ts';
import { api } from '../../lib/api.ts';

export type { DistrictSummary };
export type CouncilTotals = DistrictSummary['councils'][number];

export const fetchDistrictSummary = async (taxYear: number | undefined, signal?: AbortSignal) =>
  (await api<DistrictSummary>(`/api/District/summary${taxYear ? `?taxYear=${taxYear}` : ''}`, { signal })).result;
