// The logged-in account's own password: PUT /api/User/password (our addition, issue 25), and how many
// of the council's API tokens still work (GET /api/ApiTokens), which a change does not end unless asked.
import type { ApiTokenView } from '../../../../common/api-types.ts';
import { api } from '../../lib/api.ts';
import { saveSession } from '../../lib/session.ts';

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  revokeApiTokens: boolean;
}
interface PasswordChanged {
  userId: number;
  userName: string;
  token: string;
  revokedApiTokens: number;
}

/** Tokens neither revoked nor past their last day. */
const live = (t: ApiTokenView, now: number) => !t.revokedAt && (!t.expiresAt || new Date(t.expiresAt).getTime() > now);

/** How many of the council's API tokens still work. */
export async function fetchLiveApiTokenCount(signal?: AbortSignal): Promise<number> {
  const now = Date.now();
  return (await api<ApiTokenView[]>('/api/ApiTokens', { signal })).result.filter((t) => live(t, now)).length;
}

/** Changes the password; the answer's new token replaces the session's, which the change ended. */
export async function changePassword(body: PasswordChange) {
  const { message, result } = await api<PasswordChanged>('/api/User/password', { method: 'PUT', body });
  saveSession(result);
  return { message, revokedApiTokens: result.revokedApiTokens };
}
