// How `npm run backup` asks a running portal on the embedded database for a backup: that portal
// holds the database (lock.ts), so no other process may open it. A Unix socket in DATA_DIR, mode
// 0600: only the operating system's user the portal runs as (and root) can connect; nothing on the
// network. One request a connection, one JSON line each way.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { BackupResult } from './backup.ts';

export const controlSocket = (dataDir: string) => path.join(dataDir, 'control.sock');

export interface BackupRequest {
  op: 'backup';
  out?: string;
  /** The CLI's BACKUP_PASSPHRASE, when it has one; else the portal's own. */
  passphrase?: string;
}

type Reply = { ok: true; result: BackupResult } | { ok: false; error: string };

/** Serves backup requests on DATA_DIR/control.sock; answers the function that stops it. Called by a
 *  portal that holds the embedded database's lock, so a socket file left there is a dead portal's. */
export async function serveControl(dataDir: string, backup: (req: BackupRequest) => Promise<BackupResult>): Promise<() => Promise<void>> {
  const file = controlSocket(dataDir);
  fs.rmSync(file, { force: true });
  const server = net.createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (!text.includes('\n') || text.length > 64 * 1024) return;
      socket.pause();
      const reply = (r: Reply) => socket.end(`${JSON.stringify(r)}\n`);
      let req: BackupRequest;
      try {
        req = JSON.parse(text.slice(0, text.indexOf('\n'))) as BackupRequest;
        if (req.op !== 'backup') throw new Error(`unknown request ${String(req.op)}`);
      } catch (err) {
        return reply({ ok: false, error: (err as Error).message });
      }
      backup(req).then(
        (result) => reply({ ok: true, result }),
        (err: Error) => reply({ ok: false, error: err.message }),
      );
    });
    socket.on('error', () => {});
  });
  // The socket is born 0600 (umask), not narrowed after: no moment when others could connect.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(file, resolve));
  } finally {
    process.umask(umask);
  }
  fs.chmodSync(file, 0o600);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Asks the portal running on `dataDir` for a backup; undefined when none answers there. */
export async function askPortal(dataDir: string, req: BackupRequest): Promise<BackupResult | undefined> {
  const file = controlSocket(dataDir);
  if (!fs.existsSync(file)) return undefined;
  return new Promise((resolve, reject) => {
    const socket = net.connect(file);
    let text = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(req)}\n`);
    });
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      try {
        const reply = JSON.parse(text) as Reply;
        if (reply.ok) resolve(reply.result);
        else reject(new Error(`the running portal could not make the backup: ${reply.error}`));
      } catch {
        reject(new Error('the running portal gave no answer to the backup request (see its log)'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ECONNREFUSED' || err.code === 'ENOENT'))
        resolve(undefined); // a dead portal's socket
      else reject(err);
    });
  });
}
