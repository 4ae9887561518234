// The district view's query (TanStack Query, app/QueryProvider.tsx) over api.ts.
import { useQuery } from '@tanstack/react-query';
import { fetchDistrictSummary } from './api.ts';

export const useDistrictSummary = (taxYear: number | undefined) =>
  useQuery({ queryKey: ['district', 'summary', taxYear ?? 'current'], queryFn: ({ signal }) => fetchDistrictSummary(taxYear, signal) });
