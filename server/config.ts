// Every environment variable the portal reads, typed, with its default. README documents them.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import net from 'node:net';
import { defaultPdfWorkers } from './lib/pdf/pool.ts';

export interface Config {
  port: number;
  host: string;
  /** postgresql://… for a PostgreSQL server; undefined means embedded PGlite under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** DATABASE_READ_URL: a streaming-replication standby of DATABASE_URL for the public pages' reads. */
  databaseReadUrl?: string;
  /** DATABASE_READ_MAX_LAG_S: a standby further behind than this many seconds is passed over (default 10). */
  databaseReadMaxLag: number;
  jwtSecret: string;
  adminUsername: string;
  adminPassword?: string;
  publicBaseUrl: string;
  /** PUBLIC_BASE_URL was given; without it QR codes point at localhost (the dashboard warns). */
  publicBaseUrlSet: boolean;
  /** Council whose carousel, news and site profile the public pages show (default: the first account). */
  publicUserId?: number;
  /** Where the built web app lives; the API still runs when it is missing. */
  webDist: string;
  logLevel: string;
  /** Largest upload accepted, in bytes (413 above). */
  uploadLimitBytes: number;
  /** Which X-Forwarded-For hops to believe for the client address: false (none, the default: the
   *  address is the socket's), a hop count, or the proxies' addresses/subnets. */
  trustProxy: false | number | string[];
  /** Browser tests only (E2E_CAPTCHA_PEEK=1): GET /api/test/captcha/{id} tells the answer of an open
   *  captcha, as the server tests read it from the store. Refused when NODE_ENV is production. */
  e2eCaptchaPeek: boolean;
  /** Requests a minute per API token (429 above). */
  apiTokenRateLimit: number;
  /** Requests a minute per client address for requests without an API token (429 above). The
   *  default is far above what the portal can serve, so it only counts (for the RateLimit headers)
   *  until an operator sets a real figure. */
  addressRateLimit: number;
  /** Limits of the public property routes (security issue 25): each one's requests per client
   *  address a minute and per council an hour. 429 with Retry-After above them. */
  publicLimits: PublicLimits;
  /** The proof of work of the public search (PUBLIC_POW_DIFFICULTY): SHA-256 hashes a browser needs on
   *  average to solve one challenge (the counter is drawn from half to one and a half times this). */
  powDifficulty: number;
  /** PDF_WORKERS: worker threads that render PDFs (default on the embedded database one fewer than
   *  cores, on PostgreSQL one a core; at least 1, at most 4: server/lib/pdf/pool.ts says why); 0
   *  renders on the main thread. */
  pdfWorkers: number;
  /** BACKUP_TIME: the nightly backup's time, "HH:MM" India time (default 02:00); null: off. */
  backupTime: string | null;
  /** BACKUP_KEEP_DAYS: daily backups kept (default 7), besides 4 weekly ones. */
  backupKeepDays: number;
  /** BACKUP_PASSPHRASE: backups are encrypted with it (server/modules/backups/crypto.ts); unset, they
   *  are plain .tar.gz files, Aadhaar numbers and all. */
  backupPassphrase?: string;
  sms: SmsConfig;
  /** Starts the keys of the limits counted in the database (not an environment variable: every
   *  process of one portal shares the counts; tests sharing one database keep theirs apart). */
  limitKeyPrefix: string;
  /** UPLOAD_STORE: where uploaded images are kept, `disk` (DATA_DIR/uploads) or `database` (needs
   *  DATABASE_URL; the default there, so every portal process serves every image), or `s3` (the
   *  default when UPLOAD_S3_URL is set). */
  uploadStore: 'disk' | 'database' | 's3';
  /** UPLOAD_S3_URL, read: the S3-compatible bucket uploads are kept in when uploadStore is `s3`. */
  uploadS3: S3Location | null;
  /** SIGNING_KEY_SECRET: the secret the councils' PDF signing keys are encrypted with at rest
   *  (server/modules/signing); unset, one is made in DATA_DIR/signing-key-secret on the first start. */
  signingKeySecret: string;
}

/** Requests a minute per client address and an hour per council on one public route. */
export interface RouteLimits {
  perAddress: number;
  perCouncil: number;
}
export interface PublicLimits {
  /** The autocomplete, GET /api/public/properties/suggest. */
  suggest: RouteLimits;
  /** The property with its dues, GET /api/public/properties/{malmattaNo}. */
  search: RouteLimits;
  /** The certificate without a signed link, GET /api/public/property-certificate/{no}/{council}. */
  certificate: RouteLimits;
  /** The check of a signed PDF, POST /api/public/verify (issue 31). */
  verify: RouteLimits;
  /** The certificate opened from a signed link (`?s=`, a printed QR code): a minute per address, no
   *  council limit. */
  signedCertificatePerAddress: number;
}

export const SMS_PROVIDERS = ['log', 'msg91', 'fast2sms', 'textlocal'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** The SMS gateway: keys stay on the server. `log` stores the messages as sent-to-log (no gateway). */
export interface SmsConfig {
  provider: SmsProvider;
  apiKey: string;
  /** DLT header (sender id), 6 letters for service messages. */
  senderId: string;
  /** DLT principal entity id. */
  entityId: string;
  /** DLT content template id per message kind. */
  /** The DLT template of each kind; receipt (issue 30) is optional: without it only the log provider sends receipts. */
  templateIds: { gramsabha: string; dues: string; receipt?: string };
  /** The gateway's base URL; the default is the provider's own (tests point it at a fake gateway). */
  gatewayUrl?: string;
  /** Messages handed to the gateway per second at most. */
  perSecond: number;
  /** Secret the gateway's delivery-report webhook must carry (?token=…); unset: no delivery reports. */
  webhookToken: string;
  /** Run the outbox worker in this process (SMS_WORKER=0 turns it off; server tests start their own). */
  worker: boolean;
  /** How long one gateway call may take before it counts as a (transient) timeout. */
  timeoutMs: number;
}

/** A whole number of requests a minute (or an hour), at least 1. */
function perMinute(env: NodeJS.ProcessEnv, name: string, fallback: number, unit = 'a minute'): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw)))
    throw new Error(`${name} must be a whole number of requests ${unit}, at least 1, got "${env[name]}"`);
  return Number(raw);
}
function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, what: string): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 100_000_000)
    throw new Error(`${name} must be a whole number of ${what} from 1 to 100000000, got "${env[name]}"`);
  return Number(raw);
}
const perHour = (env: NodeJS.ProcessEnv, name: string, fallback: number) => perMinute(env, name, fallback, 'an hour');

/** The public property routes' limits (README's configuration table gives the reasons for the figures). */
export function loadPublicLimits(env: NodeJS.ProcessEnv): PublicLimits {
  return {
    suggest: {
      perAddress: perMinute(env, 'PUBLIC_SUGGEST_ADDRESS_LIMIT', 60),
      perCouncil: perHour(env, 'PUBLIC_SUGGEST_COUNCIL_LIMIT', 1000),
    },
    search: { perAddress: perMinute(env, 'PUBLIC_SEARCH_ADDRESS_LIMIT', 20), perCouncil: perHour(env, 'PUBLIC_SEARCH_COUNCIL_LIMIT', 200) },
    certificate: {
      perAddress: perMinute(env, 'PUBLIC_CERTIFICATE_ADDRESS_LIMIT', 30),
      perCouncil: perHour(env, 'PUBLIC_CERTIFICATE_COUNCIL_LIMIT', 600),
    },
    signedCertificatePerAddress: perMinute(env, 'PUBLIC_SIGNED_CERTIFICATE_LIMIT', 120),
    verify: {
      perAddress: perMinute(env, 'PUBLIC_VERIFY_ADDRESS_LIMIT', 20),
      perCouncil: perHour(env, 'PUBLIC_VERIFY_COUNCIL_LIMIT', 2000),
    },
  };
}

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name] ? Number(env[name]) : fallback;
  if (!(value > 0) || !Number.isFinite(value)) throw new Error(`${name} must be a number above 0, got "${env[name]}"`);
  return value;
}

export function loadSmsConfig(env: NodeJS.ProcessEnv): SmsConfig {
  const provider = (env.SMS_PROVIDER || 'log').toLowerCase() as SmsProvider;
  if (!SMS_PROVIDERS.includes(provider))
    throw new Error(`SMS_PROVIDER must be one of ${SMS_PROVIDERS.join(', ')}, got "${env.SMS_PROVIDER}"`);
  const config: SmsConfig = {
    provider,
    apiKey: env.SMS_API_KEY || '',
    senderId: env.SMS_SENDER_ID || '',
    entityId: env.SMS_DLT_ENTITY_ID || '',
    templateIds: {
      gramsabha: env.SMS_DLT_TEMPLATE_GRAMSABHA || '',
      dues: env.SMS_DLT_TEMPLATE_DUES || '',
      receipt: env.SMS_DLT_TEMPLATE_RECEIPT || '',
    },
    gatewayUrl: env.SMS_GATEWAY_URL ? env.SMS_GATEWAY_URL.replace(/\/+$/, '') : undefined,
    perSecond: positiveNumber(env, 'SMS_PER_SECOND', 10),
    timeoutMs: positiveNumber(env, 'SMS_TIMEOUT_MS', 10_000),
    worker: env.SMS_WORKER !== '0',
    webhookToken: env.SMS_WEBHOOK_TOKEN || '',
  };
  if (provider !== 'log') {
    const missing = [
      ['SMS_API_KEY', config.apiKey],
      ['SMS_DLT_TEMPLATE_GRAMSABHA', config.templateIds.gramsabha],
      ['SMS_DLT_TEMPLATE_DUES', config.templateIds.dues],
    ]
      .concat(provider === 'msg91' ? [] : [['SMS_SENDER_ID', config.senderId]])
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length) throw new Error(`SMS_PROVIDER=${provider} needs ${missing.join(', ')}`);
  }
  return config;
}

/** The folder holding package.json, fonts/, prisma/ and web/dist, whether this file runs from
 *  server/ (tsx, tests) or from the compiled dist/server/. */
export const root = (() => {
  for (let dir = import.meta.dirname; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return path.resolve(import.meta.dirname, '..');
})();

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the secret kept in DATA_DIR, or makes one the first time so restarts keep sessions valid. */
function persistentSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = path.join(dataDir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY: unset/off, a hop count (1 = one proxy in front), or proxy addresses separated by commas.
 *  "true" is refused: believing every hop lets any client pick its own address and dodge the login limit. */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = (value ?? '').trim();
  if (!v || /^(false|off|no|0)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) return Number(v);
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const e of entries) {
    const [address, bits, ...rest] = e.split('/');
    const family = net.isIP(address);
    const bitsOk = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.includes(e) && (!family || !bitsOk || rest.length))
      throw new Error(`TRUST_PROXY must be off, a hop count, or proxy addresses (e.g. 127.0.0.1,10.0.0.0/8), got "${value}"`);
  }
  return entries;
}

/** Where in S3-compatible storage the uploads are kept (UPLOAD_S3_URL). The keys are the
 *  uploads' names (carousel/ab12….webp) after `prefix`; the credentials are the SDK's usual ones
 *  (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY). */
export interface S3Location {
  bucket: string;
  /** Empty, or a folder in the bucket ending in "/". */
  prefix: string;
  region: string;
  /** The server of an S3-compatible store (MinIO, Ceph…); unset for Amazon S3. */
  endpoint?: string;
  /** Buckets as the path's first part (http://host/bucket/key), as most S3-compatible servers want. */
  forcePathStyle: boolean;
}

/** Reads `s3://BUCKET[/PREFIX][?region=R&endpoint=URL&forcePathStyle=true]`. */
export function parseS3Url(value: string): S3Location {
  const bad = (why: string) => new Error(`UPLOAD_S3_URL must be s3://bucket[/folder][?region=…&endpoint=…&forcePathStyle=true]: ${why}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw bad(`"${value}" is not a URL`);
  }
  if (url.protocol !== 's3:') throw bad(`it starts with ${url.protocol}//`);
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) throw bad(`"${bucket}" is not a bucket name`);
  const folder = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  for (const key of url.searchParams.keys())
    if (!['region', 'endpoint', 'forcePathStyle'].includes(key)) throw bad(`unknown setting "${key}"`);
  const endpoint = url.searchParams.get('endpoint') || undefined;
  if (endpoint && !/^https?:\/\/[^/]+/.test(endpoint)) throw bad(`endpoint "${endpoint}" is not an http(s) address`);
  const pathStyle = url.searchParams.get('forcePathStyle') ?? (endpoint ? 'true' : 'false');
  if (pathStyle !== 'true' && pathStyle !== 'false') throw bad(`forcePathStyle must be true or false, got "${pathStyle}"`);
  return {
    bucket,
    prefix: folder ? `${folder}/` : '',
    region: url.searchParams.get('region') || 'us-east-1',
    endpoint,
    forcePathStyle: pathStyle === 'true',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, 'data'));
  const port = Number(env.PORT || 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUserId = env.PUBLIC_USER_ID ? Number(env.PUBLIC_USER_ID) : undefined;
  if (publicUserId !== undefined && !Number.isInteger(publicUserId)) throw new Error('PUBLIC_USER_ID must be a whole number');
  const uploadLimitMb = Number(env.UPLOAD_LIMIT_MB || 10);
  if (!(uploadLimitMb > 0)) throw new Error(`UPLOAD_LIMIT_MB must be a number of megabytes above 0, got "${env.UPLOAD_LIMIT_MB}"`);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  const e2eCaptchaPeek = env.E2E_CAPTCHA_PEEK === '1';
  if (e2eCaptchaPeek && env.NODE_ENV === 'production')
    throw new Error('E2E_CAPTCHA_PEEK is for browser tests only; it must not be set when NODE_ENV is production');
  const pdfWorkers = env.PDF_WORKERS ? Number(env.PDF_WORKERS) : defaultPdfWorkers(!!env.DATABASE_URL);
  if (!Number.isInteger(pdfWorkers) || pdfWorkers < 0 || pdfWorkers > 64)
    throw new Error(`PDF_WORKERS must be a whole number from 0 to 64, got "${env.PDF_WORKERS}"`);
  const backupTime = (env.BACKUP_TIME ?? '02:00').trim();
  if (backupTime !== 'off' && !/^([01]\d|2[0-3]):[0-5]\d$/.test(backupTime))
    throw new Error(`BACKUP_TIME must be a time of day as HH:MM (India time, e.g. 02:00) or off, got "${env.BACKUP_TIME}"`);
  const backupPassphrase = env.BACKUP_PASSPHRASE || undefined;
  // Anyone holding a copy of the file can try passphrases at leisure: scrypt slows each guess, the length does the rest.
  if (backupPassphrase !== undefined && [...backupPassphrase].length < 12)
    throw new Error('BACKUP_PASSPHRASE must be at least 12 characters (a few words are best); unset it to write unencrypted backups');
  const uploadS3 = env.UPLOAD_S3_URL?.trim() ? parseS3Url(env.UPLOAD_S3_URL.trim()) : null;
  const uploadStore = (env.UPLOAD_STORE?.trim() || (uploadS3 ? 's3' : env.DATABASE_URL ? 'database' : 'disk')) as Config['uploadStore'];
  if (uploadStore !== 'disk' && uploadStore !== 'database' && uploadStore !== 's3')
    throw new Error(`UPLOAD_STORE must be disk, database or s3, got "${env.UPLOAD_STORE}"`);
  if (uploadStore === 'database' && !env.DATABASE_URL) throw new Error('UPLOAD_STORE=database needs DATABASE_URL (a PostgreSQL server)');
  if (uploadStore === 's3' && !uploadS3) throw new Error('UPLOAD_STORE=s3 needs UPLOAD_S3_URL (s3://bucket…)');
  if (uploadS3 && uploadStore !== 's3') throw new Error(`UPLOAD_S3_URL is set but UPLOAD_STORE is ${uploadStore}: unset one of them`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_URL ? env.DATABASE_READ_URL || undefined : undefined,
    databaseReadMaxLag: env.DATABASE_READ_MAX_LAG_S ? positiveNumber(env, 'DATABASE_READ_MAX_LAG_S', 10) : 10,
    dataDir,
    // On PostgreSQL without JWT_SECRET, main.ts reads the one secret every portal process shares from
    // the database (modules/cluster/settings.ts): a file in each process's DATA_DIR would differ.
    jwtSecret: env.JWT_SECRET || (env.DATABASE_URL ? '' : persistentSecret(dataDir)),
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    publicBaseUrl: (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    publicBaseUrlSet: !!env.PUBLIC_BASE_URL,
    publicUserId,
    webDist: path.resolve(env.WEB_DIST || path.join(root, 'web/dist')),
    logLevel,
    uploadLimitBytes: uploadLimitMb * 1024 * 1024,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    e2eCaptchaPeek,
    apiTokenRateLimit: perMinute(env, 'API_TOKEN_RATE_LIMIT', 120),
    addressRateLimit: perMinute(env, 'API_ADDRESS_RATE_LIMIT', 1_000_000),
    publicLimits: loadPublicLimits(env),
    powDifficulty: wholeNumber(env, 'PUBLIC_POW_DIFFICULTY', 25_000, 'hashes'),
    pdfWorkers,
    backupTime: backupTime === 'off' ? null : backupTime,
    backupKeepDays: wholeNumber(env, 'BACKUP_KEEP_DAYS', 7, 'days'),
    backupPassphrase,
    sms: loadSmsConfig(env),
    limitKeyPrefix: '',
    uploadStore,
    uploadS3,
    signingKeySecret: env.SIGNING_KEY_SECRET || persistentSecret(dataDir, 'signing-key-secret'),
  };
}
