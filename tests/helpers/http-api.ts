// The portal's API over HTTP, as a staff member's screens call it: log in, then calls with the token
// that answer the envelope's result. For whatever seeds or measures a running server (browser tests,
// benches); server tests call the app in-process with injectAs (app.ts). No server code and no
// vitest in here, so the benches can import it.

/** A call of one account: the envelope's `result`, or an error naming the call and the server's message. */
export function apiCaller(baseUrl: string, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await fetch(baseUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text).result;
  };
}
export type ApiCall = ReturnType<typeof apiCaller>;

/** Logs a staff account in: its token, its council's id, and `call` for the API with that token. */
export async function staffLogin(baseUrl: string, username: string, password: string) {
  const res = await fetch(`${baseUrl}/api/User/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`login as ${username}: ${res.status} ${text}`);
  const { token, userId } = JSON.parse(text).result as { token: string; userId: number };
  return { token, councilId: userId, call: apiCaller(baseUrl, token) };
}
export type StaffSession = Awaited<ReturnType<typeof staffLogin>>;
