// API answers the server already read for the page it rendered (server-side rendering of the
// public pages): the server puts them into the HTML as JSON, and the first render in the browser
// starts from them, so it matches the server's HTML and asks the API nothing. Keyed by the API path
// (`/api/Site/profile`, `/api/Corosal/by-user/1`); the value is the envelope's result.
// On the server the map is set around one synchronous render (entry-server.tsx).
let store: Record<string, unknown> = {};

export const PRELOADED_ID = 'gp-data';

export function setPreloaded(values: Record<string, unknown>) {
  store = values;
}

/** The answer the server read for this path, if it did. */
export function preloaded<T>(path: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(store, path) ? (store[path] as T) : undefined;
}

/** A read the server made that the API refused (a 4xx: an unknown id, a malformed one): its status and
 *  message, kept beside the answers under `failed:<path>`, so a page shows the same words with
 *  JavaScript off as the browser's own read would, rather than waiting for a read that never comes. */
export interface ReadFailure {
  status: number;
  message: string;
}
export const failureKey = (path: string) => `failed:${path}`;

export function preloadedFailure(path: string): ReadFailure | undefined {
  return preloaded<ReadFailure>(failureKey(path));
}

/** In the browser: the map from the page's <script type="application/json" id="gp-data">. */
export function readPreloadedFromPage() {
  const el = typeof document === 'undefined' ? null : document.getElementById(PRELOADED_ID);
  if (!el?.textContent) return;
  try {
    setPreloaded(JSON.parse(el.textContent) as Record<string, unknown>);
  } catch (err) {
    console.error('page data', err);
  }
}
