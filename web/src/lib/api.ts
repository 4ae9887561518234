// The one API client: base address, bearer token, the envelope { isSuccess, message, result }.
// A 401 on a staff call ends the session and sends the user to the login page.
import { clearSession, readSession } from './session.ts';

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

export class ApiError extends Error {
  constructor(
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

/** What a screen shows for a failed call: the server's message (ApiError) or the error's own;
 *  `otherwise` (else the value as text) for something thrown that is not an Error. */
export function messageOf(err: unknown, otherwise?: string): string {
  return err instanceof Error ? err.message : (otherwise ?? String(err));
}

export interface Envelope<T> {
  isSuccess: boolean;
  message: string;
  result: T;
}

export function apiUrl(path: string) {
  return `${API_BASE}${path}`;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  /** Send the token and treat 401 as "log in again" (default: true when a session exists). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (If-Match with the version an edit form was opened at, Idempotency-Key on a payment). */
  headers?: Record<string, string>;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const session = readSession();
  const useAuth = opts.auth ?? !!session;
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (useAuth && session?.token) headers.authorization = `Bearer ${session.token}`;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(apiUrl(path), { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  if (res.status === 401 && useAuth && session) {
    clearSession();
    if (!location.pathname.startsWith('/login')) location.replace('/login');
  }
  return res;
}

async function responseMessage(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const j = JSON.parse(text);
    return j.message || j.title || `Request failed with status: ${res.status}`;
  } catch {
    return text.slice(0, 200) || `Request failed with status: ${res.status}`;
  }
}

/** Calls the API and returns the envelope; throws ApiError with the server's message when not OK. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const res = await send(path, opts);
  if (!res.ok) throw new ApiError(await responseMessage(res), res.status);
  return (await res.json()) as Envelope<T>;
}

/** Downloads a file (PDF, xlsx) with the token; the name comes from content-disposition. */
export async function download(path: string, fallbackName: string, signal?: AbortSignal) {
  const res = await send(path, { signal });
  if (!res.ok) throw new ApiError(await responseMessage(res), res.status);
  const blob = await res.blob();
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  const plain = /filename="?([^";]+)"?/i.exec(cd);
  const name = star ? decodeURIComponent(star[1]) : plain ? plain[1] : fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** Logs out: forgets the session here and ends its token on the server. `keepalive` lets the call
 *  finish even when the page reloads or navigates right after. */
export function logout() {
  const token = readSession()?.token;
  clearSession();
  if (!token) return;
  fetch(apiUrl('/api/User/logout'), { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(() => {
    // Offline: the token still expires by itself within two hours.
  });
}
