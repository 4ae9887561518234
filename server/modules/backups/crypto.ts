// Encryption of a backup file with BACKUP_PASSPHRASE: AES-256-GCM over 64 KiB chunks in the manner
// of age's STREAM. Each chunk is sealed on its own with a nonce made of its counter and a flag for
// the last chunk, so a file cut short (its last chunk lacks the flag), chunks swapped or one byte
// changed all fail to open. The key comes from scrypt with a random salt kept in the header; a
// check value there tells a wrong passphrase apart from a damaged file.
import crypto from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';
import { BackupRefused } from './refused.ts';

const MAGIC = Buffer.from('GPBKENC1');
const CHUNK = 64 * 1024;
const TAG = 16;
const SALT = 16;
const CHECK = 16;
/** scrypt cost 2^17, r 8: 128 MiB and about half a second on an office machine, once per file. */
const LOG_N = 17;
const R = 8;
const P = 1;
const HEADER = MAGIC.length + 3 + SALT + CHECK;

export const isEncrypted = (head: Buffer) => head.length >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC);

function keys(passphrase: string, salt: Buffer, logN: number, r: number, p: number) {
  const both = crypto.scryptSync(passphrase.normalize('NFC'), salt, 64, { N: 2 ** logN, r, p, maxmem: 2 ** logN * r * 256 });
  return {
    key: both.subarray(0, 32),
    check: crypto.createHmac('sha256', both.subarray(32)).update('gp-backup key check').digest().subarray(0, CHECK),
  };
}

function nonce(counter: number, last: boolean) {
  const n = Buffer.alloc(12);
  n.writeUIntBE(counter, 5, 6); // 11 bytes of counter in all; 2^48 chunks are far beyond any backup
  n[11] = last ? 1 : 0;
  return n;
}

/** Plain bytes in, the encrypted file out (header first). */
export function encryptStream(passphrase: string): Transform {
  const salt = crypto.randomBytes(SALT);
  const { key, check } = keys(passphrase, salt, LOG_N, R, P);
  const header = Buffer.concat([MAGIC, Buffer.from([LOG_N, R, P]), salt, check]);
  let counter = 0;
  let pending: Buffer = Buffer.alloc(0);
  const seal = (plain: Buffer, last: boolean) => {
    // The header is authenticated with every chunk: a changed salt or cost cannot pass either.
    const c = crypto.createCipheriv('aes-256-gcm', key, nonce(counter++, last)).setAAD(header);
    return Buffer.concat([c.update(plain), c.final(), c.getAuthTag()]);
  };
  return new Transform({
    construct(cb) {
      this.push(header);
      cb();
    },
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      // Keep at least one byte back: the last chunk must be sealed as last, and we only know which it is at the end.
      while (pending.length > CHUNK) {
        this.push(seal(pending.subarray(0, CHUNK), false));
        pending = pending.subarray(CHUNK);
      }
      cb();
    },
    flush(cb) {
      this.push(seal(pending, true));
      cb();
    },
  });
}

/** The encrypted file in, plain bytes out; refuses a wrong passphrase and any damage. */
export function decryptStream(passphrase: string | undefined): Transform {
  let header: Buffer | undefined;
  let key: Buffer;
  let counter = 0;
  let pending: Buffer = Buffer.alloc(0);
  const open = (sealed: Buffer, last: boolean) => {
    const d = crypto.createDecipheriv('aes-256-gcm', key, nonce(counter++, last)).setAAD(header!);
    d.setAuthTag(sealed.subarray(sealed.length - TAG));
    try {
      return Buffer.concat([d.update(sealed.subarray(0, sealed.length - TAG)), d.final()]);
    } catch {
      throw new BackupRefused(
        last
          ? 'The backup file is cut short or damaged (its encrypted content does not check). Copy it again from where it was made.'
          : 'The backup file is damaged (its encrypted content does not check). Copy it again from where it was made.',
      );
    }
  };
  return new Transform({
    transform(chunk: Buffer, _enc, cb: TransformCallback) {
      try {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        if (!header) {
          if (pending.length < HEADER) return cb();
          if (!isEncrypted(pending)) throw new BackupRefused('This is not an encrypted portal backup.');
          if (!passphrase)
            throw new BackupRefused(
              'The backup file is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with and try again.',
            );
          header = pending.subarray(0, HEADER);
          const [logN, r, p] = header.subarray(MAGIC.length, MAGIC.length + 3);
          if (logN > 22 || r > 32 || p > 4)
            throw new BackupRefused('The backup file is damaged (its header is not one this portal writes).');
          const salt = header.subarray(MAGIC.length + 3, MAGIC.length + 3 + SALT);
          const derived = keys(passphrase, salt, logN, r, p);
          if (!crypto.timingSafeEqual(derived.check, header.subarray(HEADER - CHECK)))
            throw new BackupRefused('Wrong passphrase for this backup file: set BACKUP_PASSPHRASE to the one it was made with.');
          key = derived.key;
          pending = pending.subarray(HEADER);
        }
        while (pending.length > CHUNK + TAG) {
          this.push(open(pending.subarray(0, CHUNK + TAG), false));
          pending = pending.subarray(CHUNK + TAG);
        }
        cb();
      } catch (err) {
        cb(err as Error);
      }
    },
    flush(cb) {
      try {
        if (!header || pending.length < TAG)
          throw new BackupRefused(
            'The backup file is cut short (it ends before its encrypted content does). Copy it again from where it was made.',
          );
        this.push(open(pending, true));
        cb();
      } catch (err) {
        cb(err as Error);
      }
    },
  });
}
