// The API token screen's server data through TanStack Query: the list, and the create and revoke
// that read it afresh.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createApiToken, fetchApiTokens, revokeApiToken, type CreateApiTokenBody } from './api.ts';

const tokensKey = ['apiTokens'] as const;

export const apiTokensQuery = () => queryOptions({ queryKey: tokensKey, queryFn: ({ signal }) => fetchApiTokens(signal) });

export const useApiTokens = () => useQuery(apiTokensQuery());

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tokensKey });
}

export function useCreateApiToken() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: CreateApiTokenBody) => createApiToken(body), onSuccess: refresh });
}

export function useRevokeApiToken() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => revokeApiToken(id), onSuccess: refresh });
}
