// The council's PDF signing key (issue 31): GET /api/SigningKey (made self-issued on first use) and
// POST /api/SigningKey (multipart: file, password) to put the council's own DSC in its place.
import type { SigningKeyView } from '../../../../common/api-types.ts';
import { api } from '../../lib/api.ts';

export const fetchSigningKey = async (signal?: AbortSignal) => (await api<SigningKeyView>('/api/SigningKey', { signal })).result;

export async function uploadSigningKey(file: File, password: string) {
  const form = new FormData();
  form.append('password', password);
  form.append('file', file);
  const { message, result } = await api<SigningKeyView>('/api/SigningKey', { method: 'POST', body: form });
  return { message, result };
}
