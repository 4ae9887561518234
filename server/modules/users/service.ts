// Council accounts: password rules, hashing, login with a failure limit.
import bcrypt from 'bcrypt';
import crypto from 'node:crypto';
import type { DbOrTx } from '../../db/transaction.ts';
import { Conflict, Invalid, TooMany, Unauthorized } from '../../lib/errors.ts';

const BCRYPT_ROUNDS = 10;
const USERNAME = /^[A-Za-z0-9._-]{3,64}$/;

export function checkUsername(username: string) {
  if (!USERNAME.test(username)) throw new Invalid('username', 'use 3 to 64 letters, digits, dot, dash or underscore');
}

export function checkPassword(password: string) {
  if (password.length < 8) throw new Invalid('password', 'must be at least 8 characters long');
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) throw new Invalid('password', 'must contain at least one letter and one digit');
}

export function randomPassword(): string {
  // Letters and digits guaranteed, readable over the phone.
  return `Gp-${crypto.randomBytes(9).toString('base64url')}7a`;
}

export async function createAccount(db: DbOrTx, input: { username: string; email?: string | null; password: string; isAdmin?: boolean }) {
  const username = input.username.trim();
  checkUsername(username);
  checkPassword(input.password);
  const email = input.email?.trim() || null;
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new Invalid('email', 'is not a valid e-mail address');
  const exists = await db.user.findFirst({ where: { username: { equals: username, mode: 'insensitive' } }, select: { id: true } });
  if (exists) throw new Conflict(`The username "${username}" is already taken.`);
  const passwordHash = await bcrypt.hash(input.password, BCRYPT_ROUNDS);
  try {
    return await db.user.create({ data: { username, email, passwordHash, isAdmin: input.isAdmin ?? false } });
  } catch (err) {
    if ((err as { code?: string }).code === 'P2002') throw new Conflict(`The username "${username}" is already taken.`);
    throw err;
  }
}

export async function setPassword(db: DbOrTx, username: string, password: string) {
  checkPassword(password);
  const passwordHash = await bcrypt.hash(password, BCRYPT_ROUNDS);
  // Moving passwordChangedAt forward makes every token issued before now invalid.
  return db.user.update({ where: { username }, data: { passwordHash, passwordChangedAt: new Date() } });
}

/** Counts failed logins per IP and username in a sliding minute; in memory, per process. */
export class LoginLimiter {
  private failures = new Map<string, number[]>();
  constructor(private limit = 10, private windowMs = 60_000) {}

  private key(ip: string, username: string) { return `${ip}|${username.toLowerCase()}`; }

  check(ip: string, username: string, now = Date.now()) {
    const recent = (this.failures.get(this.key(ip, username)) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.limit) {
      const retry = Math.ceil((recent[0] + this.windowMs - now) / 1000);
      throw new TooMany(`Too many failed logins. Please wait ${retry} seconds and try again.`, retry);
    }
  }
  fail(ip: string, username: string, now = Date.now()) {
    const k = this.key(ip, username);
    const recent = (this.failures.get(k) ?? []).filter((t) => now - t < this.windowMs);
    recent.push(now);
    this.failures.set(k, recent);
    if (this.failures.size > 10_000) this.prune(now);
  }
  succeed(ip: string, username: string) { this.failures.delete(this.key(ip, username)); }
  private prune(now: number) {
    for (const [k, times] of this.failures) if (times.every((t) => now - t >= this.windowMs)) this.failures.delete(k);
  }
}

// Compared against when the username is unknown, so a wrong name costs the same time as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password-1', BCRYPT_ROUNDS);

export async function login(db: DbOrTx, limiter: LoginLimiter, ip: string, username: string, password: string) {
  const name = username.trim();
  if (!name || !password) throw new Invalid(!name ? 'username' : 'password', 'Username and password are required.');
  limiter.check(ip, name);
  const user = await db.user.findFirst({ where: { username: { equals: name, mode: 'insensitive' } } });
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) {
    limiter.fail(ip, name);
    throw new Unauthorized('Wrong username or password.');
  }
  limiter.succeed(ip, name);
  return user;
}
