// The login session in localStorage['session'], as the spec's client kept it:
// { username, createdByUser_Id, userId, token, expiry } with expiry a millisecond timestamp.
import { useSyncExternalStore } from 'react';

export interface Session {
  username: string;
  createdByUser_Id: number;
  userId: number;
  token: string;
  expiry: number;
  /** A district account (issue 32) has one screen, /district; absent on a council's (and older) sessions. */
  role?: 'council' | 'district';
}

const KEY = 'session';
export const SESSION_LIFETIME_MS = 2 * 60 * 60 * 1000;

export function readSession(): Session | null {
  const raw = localStorage.getItem(KEY);
  if (!raw) return null;
  try {
    const s = JSON.parse(raw) as Partial<Session>;
    if (!s || typeof s !== 'object') throw new Error('not an object');
    if (typeof s.expiry === 'number' && Date.now() > s.expiry) {
      localStorage.removeItem(KEY);
      return null;
    }
    if (!(s.createdByUser_Id || s.userId || s.token)) return null;
    return s as Session;
  } catch (err) {
    // Dropped, so the one-second poll does not log it again and again.
    console.error('Corrupt session entry, treating as logged out', err);
    localStorage.removeItem(KEY);
    return null;
  }
}

/** The council account of a session (0 without one): userId, or createdByUser_Id as older entries keep it.
 *  It fills the spec's userId / createdByUserId fields; the server itself takes the council from the token. */
export function councilIdOf(session: Session | null = readSession()): number {
  return session ? session.userId || session.createdByUser_Id || 0 : 0;
}

/** Saves a login, or the new token of a password change (which names no role: the account keeps its own). */
export function saveSession(login: { userName: string; userId: number; token: string; role?: Session['role'] }) {
  const before = readSession();
  const role = login.role ?? (before?.userId === login.userId ? before.role : undefined);
  const session: Session = {
    username: login.userName,
    createdByUser_Id: login.userId,
    userId: login.userId,
    token: login.token,
    expiry: Date.now() + SESSION_LIFETIME_MS,
    ...(role ? { role } : {}),
  };
  localStorage.setItem(KEY, JSON.stringify(session));
  return session;
}

/** A district account's session: it sees its district's totals (/district) and nothing of a council. */
export const isDistrictSession = (session: Session | null) => session?.role === 'district';

/** Where a session's staff app opens. */
export const staffHome = (session: Session | null) => (isDistrictSession(session) ? '/district' : '/admin');

export function clearSession() {
  for (const k of [KEY, 'token', 'user']) localStorage.removeItem(k);
}

// The snapshot useSession hands React: the same object while localStorage holds the same entry.
let lastRaw: string | null | undefined;
let lastSession: Session | null = null;
function snapshot(): Session | null {
  const raw = localStorage.getItem(KEY);
  if (raw !== lastRaw || (lastSession && Date.now() > lastSession.expiry)) {
    lastSession = readSession();
    lastRaw = localStorage.getItem(KEY);
  }
  return lastSession;
}

function subscribe(onChange: () => void) {
  const timer = setInterval(onChange, 1000);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    clearInterval(timer);
    window.removeEventListener('storage', onStorage);
  };
}

/** The current session, re-checked every second and when another tab changes it. A page the
 *  server rendered has no session (the server never sees localStorage): hydration starts logged
 *  out, like the server's HTML, and React re-renders with the session right after. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
