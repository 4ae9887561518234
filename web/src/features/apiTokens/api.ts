// API tokens (issue 15): GET and POST /api/ApiTokens, DELETE /api/ApiTokens/{id}. The secret comes
// back once, in the answer to the POST.
import type { ApiTokenView, CreateApiTokenBody } from '../../../../common/api-types.ts';
import { api } from '../../lib/api.ts';

export type { ApiTokenView, CreateApiTokenBody };

export async function fetchApiTokens(signal?: AbortSignal): Promise<ApiTokenView[]> {
  return (await api<ApiTokenView[]>('/api/ApiTokens', { signal })).result;
}

export async function createApiToken(body: CreateApiTokenBody): Promise<{ id: number; token: string }> {
  return (await api<{ id: number; token: string }>('/api/ApiTokens', { method: 'POST', body })).result;
}

export async function revokeApiToken(id: number): Promise<ApiTokenView> {
  return (await api<ApiTokenView>(`/api/ApiTokens/${id}`, { method: 'DELETE' })).result;
}
