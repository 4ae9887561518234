// Council accounts: password rules, hashing, login with a failure limit.
import bcrypt from 'bcrypt';
import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/transaction.ts';
import { Busy, Conflict, Forbidden, Invalid, Unauthorized } from '../../lib/errors.ts';
import { memoryLimits, type Limits, type SharedSlidingWindow } from '../cluster/limits.ts';
import { BoundedQueue } from '../../lib/bounded-queue.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { inTransaction } from '../../db/transaction.ts';
import { revokeAllTokens } from '../apiTokens/service.ts';
import { changesOf, recordAudit } from '../audit/record.ts';
import { currentActor } from '../audit/context.ts';

const BCRYPT_ROUNDS = 10;
const USERNAME = /^[A-Za-z0-9._-]{3,64}$/;

export function checkUsername(username: string) {
  if (!USERNAME.test(username)) throw new Invalid('username', 'use 3 to 64 letters, digits, dot, dash or underscore');
}

/** The key an account is found by: the name lower-cased, or null when the text cannot be a username
 *  at all (a %, a space, a Devanagari or Cyrillic letter that looks Latin). Matched exactly, never
 *  with LIKE, where % and _ would be wildcards: a bare % once logged in as the first account. */
export function usernameKey(username: string): string | null {
  const name = username.trim();
  return USERNAME.test(name) ? name.toLowerCase() : null;
}

export const PASSWORD_MIN_LENGTH = 10;
/** bcrypt reads only the first 72 bytes; a longer password would be silently cut. */
export const PASSWORD_MAX_BYTES = 72;
let common: Set<string> | undefined;

export function checkPassword(password: string) {
  if (password.length < PASSWORD_MIN_LENGTH) throw new Invalid('password', `must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  if (Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES)
    throw new Invalid('password', `is too long: at most ${PASSWORD_MAX_BYTES} bytes (72 English letters, fewer in Marathi letters)`);
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) throw new Invalid('password', 'must contain at least one letter and one digit');
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  if (common.has(password.toLowerCase()))
    throw new Invalid('password', 'is one of the most common passwords; choose one that is harder to guess');
}

export function randomPassword(): string {
  // Letters and digits guaranteed, readable over the phone.
  return `Gp-${crypto.randomBytes(9).toString('base64url')}7a`;
}

export async function createAccount(
  db: DbOrTx,
  input: { username: string; email?: string | null; password: string; isAdmin?: boolean; districtId?: number | null },
) {
  const username = input.username.trim();
  checkUsername(username);
  checkPassword(input.password);
  const email = input.email?.trim() || null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Invalid('email', 'is not a valid e-mail address');
  const key = username.toLowerCase();
  const exists = await db.user.findUnique({ where: { usernameKey: key }, select: { id: true } });
  if (exists) throw new Conflict(`The username "${username}" is already taken.`);
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    return await inTransaction(db, async (tx) => {
      const user = await tx.user.create({
        data: { username, usernameKey: key, email, passwordHash, isAdmin: input.isAdmin ?? false, districtId: input.districtId ?? null },
      });
      // Kept with the council that made it (an administrator's), or the new account's own when the
      // portal made it (the first account, `npm run user`).
      await recordAudit(tx, {
        councilId: currentActor().userId ?? user.id,
        entity: 'User',
        entityId: user.id,
        action: 'create',
        changes: changesOf(null, user, ['username', 'email', 'isAdmin', 'districtId']),
      });
      return user;
    });
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002') throw new Conflict(`The username "${username}" is already taken.`);
    throw err;
  }
}

export async function setPassword(db: DbOrTx, username: string, password: string) {
  checkPassword(password);
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  // Moving passwordChangedAt forward and the token version up makes every token issued before invalid.
  return db.user.update({
    where: { usernameKey: usernameKey(username) ?? '' },
    data: { passwordHash, passwordChangedAt: new Date(), tokenVersion: { increment: 1 } },
  });
}

/** Ends every token of the account now (logout): tokens carry the version they were issued with. */
export async function endSessions(db: DbOrTx, userId: number) {
  await inTransaction(db, async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { tokenVersion: { increment: 1 } } });
    await recordAudit(tx, { councilId: userId, entity: 'User', entityId: userId, action: 'logout' });
  });
}

/** Counts login attempts when they start (so a parallel burst cannot slip past before the first
 *  failure is recorded), per address and username, and per username across all addresses (so a
 *  guess spread over many addresses is slowed too). Names are counted by their key (usernameKey),
 *  the way an account is found: "Admin" and "admin" are one count. A successful login gives its
 *  attempt back. */
export class LoginLimiter {
  private perAddress: SharedSlidingWindow;
  private perAccount: SharedSlidingWindow;
  constructor(limits: Limits = memoryLimits(), opts: { perAddress?: number; perAccount?: number; perAccountWindowMs?: number } = {}) {
    this.perAddress = limits.sliding('login-address', opts.perAddress ?? 10, 60_000);
    this.perAccount = limits.sliding('login-account', opts.perAccount ?? 30, opts.perAccountWindowMs ?? 10 * 60_000);
  }

  /** Counts one attempt, or throws 429 when either window is full. */
  async start(ip: string, username: string) {
    const name = limitKey(username);
    const message = (seconds: number) => `Too many failed logins. Please wait ${seconds} seconds and try again.`;
    await this.perAccount.take(name, message);
    try {
      await this.perAddress.take(`${ip}|${name}`, message);
    } catch (err) {
      await this.perAccount.release(name);
      throw err;
    }
  }
  async giveBack(ip: string, username: string) {
    const name = limitKey(username);
    await this.perAddress.release(`${ip}|${name}`);
    await this.perAccount.release(name);
  }
  async succeed(ip: string, username: string) {
    const name = limitKey(username);
    await this.perAddress.clear(`${ip}|${name}`);
    // Only this attempt: the owner logging in must not wipe out an attacker's count on the account.
    await this.perAccount.release(name);
  }
}

/** A name as the limit counts it: the account's key, or the text lower-cased when it cannot be one. */
const limitKey = (username: string) => usernameKey(username) ?? username.trim().toLowerCase();

/** bcrypt runs in Node's thread pool (4 threads), which file reads share: two checks at a time
 *  leave room for static files during a login burst, and a full queue answers 503 at once. */
const passwordChecks = new BoundedQueue(2, 32, 'The server is busy checking other logins. Please try again in a few seconds.');

// Compared against when the username is unknown, so a wrong name costs the same time as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password-1', BCRYPT_ROUNDS);

export async function login(db: DbOrTx, limiter: LoginLimiter, ip: string, username: string, password: string) {
  const name = username.trim();
  if (!name || !password) throw new Invalid(!name ? 'username' : 'password', 'Username and password are required.');
  await limiter.start(ip, name);
  const key = usernameKey(name);
  const user = key ? await db.user.findUnique({ where: { usernameKey: key } }) : null;
  let ok: boolean;
  try {
    ok = await passwordChecks.run(() => bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH));
  } catch (err) {
    // Turned away before any password was checked: not an attempt.
    if (err instanceof Busy) await limiter.giveBack(ip, name);
    throw err;
  }
  if (!user || !ok) {
    // The name as typed (an unknown one too): what an auditor looks for after a run of failures.
    await recordAudit(db, {
      councilId: user?.id ?? null,
      entity: 'User',
      entityId: user?.id ?? null,
      action: 'login-failed',
      changes: { userName: { old: null, new: name.slice(0, 64) } },
    });
    throw new Unauthorized('Wrong username or password.');
  }
  await limiter.succeed(ip, name);
  await recordAudit(db, {
    councilId: user.id,
    entity: 'User',
    entityId: user.id,
    action: 'login',
    actor: { userId: user.id, userName: user.username },
  });
  return user;
}

/** The logged-in staff member's own password, re-entered to authorise an action (sending SMS).
 *  Counts toward the same login limit as a login, so it cannot be used to guess passwords faster. */
export async function confirmPassword(
  db: DbOrTx,
  limiter: LoginLimiter,
  ip: string,
  userId: number,
  password: string,
  wrongMessage: string,
) {
  const user = await db.user.findUnique({ where: { id: userId } });
  if (!user) throw new Unauthorized();
  await limiter.start(ip, user.username);
  let ok: boolean;
  try {
    ok = await passwordChecks.run(() => bcrypt.compare(password, user.passwordHash));
  } catch (err) {
    if (err instanceof Busy) await limiter.giveBack(ip, user.username);
    throw err;
  }
  // 403, not 401: the session stays valid; only this action is refused.
  if (!ok) throw new Forbidden(wrongMessage);
  await limiter.succeed(ip, user.username);
  return user;
}

/** A staff member's own new password, the current one re-entered (and counted with the login limit).
 *  Every login token of the account ends, this one too (the answer carries a new one). API tokens
 *  are programs' keys, not sessions: they keep working unless `revokeApiTokens` says to end them too. */
export async function changePassword(
  db: DbOrTx,
  limiter: LoginLimiter,
  ip: string,
  userId: number,
  input: { currentPassword: string; newPassword: string; revokeApiTokens?: boolean },
) {
  checkPassword(input.newPassword);
  const user = await confirmPassword(
    db,
    limiter,
    ip,
    userId,
    input.currentPassword,
    'सध्याचा पासवर्ड चुकीचा आहे. / The current password is wrong.',
  );
  if (input.newPassword === input.currentPassword) throw new Invalid('newPassword', 'must differ from the current password');
  return inTransaction(db, async (tx) => {
    const updated = await setPassword(tx, user.username, input.newPassword);
    const revokedApiTokens = input.revokeApiTokens ? await revokeAllTokens(tx, userId) : 0;
    await recordAudit(tx, {
      councilId: userId,
      entity: 'User',
      entityId: userId,
      action: 'password',
      changes: {
        password: { old: null, new: '(changed)' },
        ...(revokedApiTokens ? { revokedApiTokens: { old: null, new: revokedApiTokens } } : {}),
      },
    });
    return { user: updated, revokedApiTokens };
  });
}
