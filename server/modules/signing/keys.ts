// The councils' PDF signing keys (issue 31). A council signs with the certificate its staff uploaded
// (a PKCS#12 file, e.g. a Class 3 DSC, with its password) or, until then, with a key the portal made
// for it on first use: "self-issued", vouched for by no certificate authority. Every version is
// kept (the newest signs), so documents signed with an older key still verify. Private keys are
// encrypted at rest with AES-256-GCM under a key derived from SIGNING_KEY_SECRET; the decrypted key
// is kept per council in this process and handed to the PDF workers with each job (they keep the
// parsed form per key version: server/lib/pdf/sign.ts).
import crypto from 'node:crypto';
import type Forge from 'node-forge';
import { Prisma } from '../../generated/prisma/client.ts';
import { inTransaction, type DbOrTx } from '../../db/transaction.ts';
import { AppError, Invalid } from '../../lib/errors.ts';
import { purposeKey } from '../../lib/signed-links.ts';
import { loadForge, type SigningKey } from '../../lib/pdf/sign.ts';
import { recordAudit } from '../audit/record.ts';
import type { SigningKeyView } from './schema.ts';

/** What the settings screen shows of a key: nothing secret (the contract's SigningKeyView). */
export type KeyInfo = SigningKeyView;

interface Row {
  id: number;
  createdByUserId: number;
  version: number;
  selfIssued: boolean;
  signer: string;
  issuer: string;
  certificatePem: string;
  certSha256: string;
  keyEncrypted: Uint8Array;
  validFrom: Date;
  validTo: Date;
  createdAt: Date;
}

export const keyInfo = (r: Row): KeyInfo => ({
  version: r.version,
  selfIssued: r.selfIssued,
  signer: r.signer,
  issuer: r.issuer,
  certSha256: r.certSha256,
  validFrom: r.validFrom.toISOString(),
  validTo: r.validTo.toISOString(),
  createdAt: r.createdAt.toISOString(),
});

// ---------------------------------------------------------------- at rest

const atRestKey = (secret: string) => purposeKey(secret, 'pdf signing keys at rest v1');

function encrypt(secret: string, plain: string): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', atRestKey(secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** 503: the key was sealed under another SIGNING_KEY_SECRET (an app server started with a secret of
 *  its own, or a lost one). The stored key is kept as it is: making a new one would leave the
 *  council's documents signed by two keys for no reason the office chose. */
export class SealedWithAnotherSecret extends AppError {
  constructor() {
    super(
      503,
      'स्वाक्षरीची की या सर्व्हरवर उघडता येत नाही: प्रत्येक सर्व्हरला तोच SIGNING_KEY_SECRET द्या. / ' +
        'The signing key cannot be opened on this server: give every app server the same SIGNING_KEY_SECRET.',
    );
  }
}

function decrypt(secret: string, sealed: Uint8Array): string {
  const b = Buffer.from(sealed);
  const decipher = crypto.createDecipheriv('aes-256-gcm', atRestKey(secret), b.subarray(0, 12));
  decipher.setAuthTag(b.subarray(12, 28));
  try {
    return Buffer.concat([decipher.update(b.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    throw new SealedWithAnotherSecret();
  }
}

// ---------------------------------------------------------------- certificates

const pemBlocks = (pem: string) => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
const commonName = (dn: string) => /(?:^|\n)CN=([^\n]+)/.exec(dn)?.[1] ?? dn.split('\n')[0];
export const certSha256 = (der: Buffer) => crypto.createHash('sha256').update(der).digest('hex');

interface NewKey {
  selfIssued: boolean;
  keyPem: string;
  chainPem: string[];
}

function describe(k: NewKey) {
  const cert = new crypto.X509Certificate(k.chainPem[0]);
  return {
    selfIssued: k.selfIssued,
    signer: commonName(cert.subject).slice(0, 200),
    issuer: commonName(cert.issuer).slice(0, 300),
    certificatePem: k.chainPem.join('\n'),
    certSha256: certSha256(cert.raw),
    validFrom: new Date(cert.validFrom),
    validTo: new Date(cert.validTo),
  };
}

/** A key and certificate the portal makes for a council: RSA 2048, ten years, signed by itself. */
async function selfIssued(officeName: string, councilId: number): Promise<NewKey> {
  const { pki, md } = loadForge();
  const pair = await new Promise<{ publicKey: crypto.KeyObject; privateKey: crypto.KeyObject }>((resolve, reject) =>
    crypto.generateKeyPair('rsa', { modulusLength: 2048 }, (err, publicKey, privateKey) =>
      err ? reject(err) : resolve({ publicKey, privateKey }),
    ),
  );
  const cert = pki.createCertificate();
  cert.publicKey = pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }) as string);
  cert.serialNumber = `01${crypto.randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365.25 * 86_400_000);
  const name = [
    { name: 'commonName', value: `${officeName} (self-issued)`.slice(0, 64) },
    { name: 'organizationName', value: 'Gram Panchayat Portal' },
    { shortName: 'OU', value: `council ${councilId}` },
    { name: 'countryName', value: 'IN' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string), md.sha256.create());
  return {
    selfIssued: true,
    keyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    chainPem: [pki.certificateToPem(cert)],
  };
}

const WRONG_FILE = 'ही फाइल PKCS#12 (.p12 / .pfx) नाही किंवा खराब आहे. / This is not a PKCS#12 (.p12 / .pfx) file, or it is damaged.';
export const WRONG_PASSWORD = 'PKCS#12 फाइलचा पासवर्ड चुकीचा आहे. / The password of this PKCS#12 file is wrong.';

/** The key and its certificate chain out of a PKCS#12 file (a DSC exported from its token or the
 *  issuing CA's download), the signer's certificate first. Refuses a wrong password, a file without
 *  a key, a key that is not RSA, and an expired certificate, each with a message a clerk can act on. */
export function fromPkcs12(file: Buffer, password: string, now = new Date()): NewKey {
  const { asn1, pkcs12, pki } = loadForge();
  let p12: Forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = pkcs12.pkcs12FromAsn1(asn1.fromDer(file.toString('binary')), password);
  } catch (err) {
    const message = (err as Error).message ?? '';
    if (/password|MAC could not be verified|decrypt/i.test(message)) throw new Invalid('password', WRONG_PASSWORD);
    throw new Invalid('file', WRONG_FILE);
  }
  const bags = (type: string) => (p12.getBags({ bagType: type })[type] ?? []).filter((b) => b.key || b.cert);
  const keyBag = [...bags(pki.oids.pkcs8ShroudedKeyBag), ...bags(pki.oids.keyBag)][0];
  if (!keyBag?.key)
    throw new Invalid(
      'file',
      'या फाइलमध्ये खासगी की (private key) नाही. / The file holds no private key; export the certificate with its key.',
    );
  const key = keyBag.key as Forge.pki.rsa.PrivateKey;
  if (!key.n) throw new Invalid('file', 'फक्त RSA की चालते. / Only RSA keys can be used (a Class 3 DSC is RSA).');
  const certs = bags(pki.oids.certBag).map((b) => b.cert!);
  const own = certs.find((c) => (c.publicKey as Forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!own) throw new Invalid('file', 'या फाइलमध्ये की चे प्रमाणपत्र नाही. / The file holds no certificate for its key.');
  if (own.validity.notAfter < now)
    throw new Invalid(
      'file',
      `हे प्रमाणपत्र ${own.validity.notAfter.toISOString().slice(0, 10)} रोजी संपले आहे. / This certificate expired on ${own.validity.notAfter.toISOString().slice(0, 10)}; renew the DSC.`,
    );
  const keyPem = pki.privateKeyInfoToPem(pki.wrapRsaPrivateKey(pki.privateKeyToAsn1(key)));
  return {
    selfIssued: false,
    keyPem,
    chainPem: [own, ...certs.filter((c) => c !== own)].map((c) => pki.certificateToPem(c)),
  };
}

// ---------------------------------------------------------------- the store

/** The newest key of each council, decrypted, per secret (tests run several apps in one process). */
const current = new Map<string, { version: number; key: SigningKey; info: KeyInfo }>();
const making = new Map<string, Promise<unknown>>();
const cacheKey = (secret: string, council: number) => `${crypto.createHash('sha256').update(secret).digest('hex').slice(0, 16)}:${council}`;

const newest = (db: DbOrTx, council: number) =>
  db.signingKey.findFirst({ where: { createdByUserId: council }, orderBy: { version: 'desc' } }) as Promise<Row | null>;

async function store(db: DbOrTx, secret: string, council: number, k: NewKey): Promise<Row> {
  const last = await newest(db, council);
  return (await db.signingKey.create({
    data: {
      createdByUserId: council,
      version: (last?.version ?? 0) + 1,
      keyEncrypted: new Uint8Array(encrypt(secret, k.keyPem)),
      ...describe(k),
    },
  })) as Row;
}

function loaded(secret: string, r: Row): { version: number; key: SigningKey; info: KeyInfo } {
  const info = keyInfo(r);
  return {
    version: r.version,
    info,
    key: {
      id: `${r.createdByUserId}:${r.version}:${r.certSha256.slice(0, 16)}`,
      keyPem: decrypt(secret, r.keyEncrypted),
      chainPem: pemBlocks(r.certificatePem),
      signer: r.signer,
    },
  };
}

/** The council's signing key: the newest stored, or a self-issued one made now (first use). */
export async function signingKeyOf(db: DbOrTx, secret: string, council: number, officeName: string) {
  const ck = cacheKey(secret, council);
  const hit = current.get(ck);
  if (hit) return hit;
  let row = await newest(db, council);
  if (!row) {
    // Two PDFs at once for a new council make one key: the second waits for the first.
    let pending = making.get(ck);
    if (!pending) {
      pending = selfIssued(officeName, council)
        .then((k) => store(db, secret, council, k))
        .catch(async (err) => {
          if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') return newest(db, council);
          throw err;
        })
        .finally(() => making.delete(ck));
      making.set(ck, pending);
    }
    row = (await pending) as Row;
  }
  const k = loaded(secret, row);
  current.set(ck, k);
  return k;
}

/** Replaces the council's key with an uploaded PKCS#12 (the old one is kept for verifying). */
export async function uploadKey(db: DbOrTx, secret: string, council: number, file: Buffer, password: string): Promise<KeyInfo> {
  const k = fromPkcs12(file, password);
  const row = await inTransaction(db, async (tx) => {
    const saved = await store(tx, secret, council, k);
    await recordAudit(tx, {
      councilId: council,
      entity: 'SigningKey',
      entityId: saved.id,
      action: 'upload',
      changes: { signer: { old: null, new: saved.signer }, version: { old: saved.version - 1, new: saved.version } },
    });
    return saved;
  });
  current.delete(cacheKey(secret, council));
  return keyInfo(row);
}

/** Every key the council has had: a signed PDF's certificate must be one of them. */
export const keyByCertificate = (db: DbOrTx, council: number, sha256: string) =>
  db.signingKey.findFirst({ where: { createdByUserId: council, certSha256: sha256 } }) as Promise<Row | null>;

/** Who signs the council's documents now (no key is decrypted); null before its first signed PDF. */
export async function currentSigner(db: DbOrTx, council: number): Promise<string | null> {
  const row = await db.signingKey.findFirst({
    where: { createdByUserId: council },
    orderBy: { version: 'desc' },
    select: { signer: true },
  });
  return row?.signer ?? null;
}
