// PDFs are rendered in worker threads (issue 12): a PDF is 8–20 ms of CPU, and on the main thread
// sixteen of them at once held up every other answer (logins, lists) behind them. Workers start
// when PDFs are asked for (the first is warmed up after the start and kept), the others stop after a
// while without work; each has a bounded heap, so a burst of PDFs cannot take the server's memory.
// What the workers can render is the table in server/pdf-jobs.ts; a call names a job of it.
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BoundedQueue } from '../bounded-queue.ts';
import { AppError } from '../errors.ts';

export interface PdfPoolOptions {
  /** Workers at most; 0 renders on the main thread (a one-core machine, debugging). */
  workers: number;
  /** A worker without work for this long exits, handing its memory back… */
  idleMs: number;
  /** …except this many, kept warm: a worker's first PDF takes ~0.8 s (Node, pdfkit, the fonts). */
  keepWarm: number;
  /** A PDF that takes longer is abandoned and its worker replaced. */
  timeoutMs: number;
  /** Old-generation heap of a worker, MB: beyond it the worker dies, not the server. A one-record
   *  document needs a few MB; no register-sized document goes through the pool. */
  heapMb: number;
  /** Young-generation heap of a worker, MB. V8's own choice took ~70 MB of RSS a worker under load,
   *  8 MB ~47 MB (2 workers after 320 birth certificates: 192 → 144 MB for the process). */
  youngMb?: number;
}

/** On the embedded database one worker fewer than cores (at least one, at most 4): the main thread
 *  has its own share of each PDF (HTTP, and the database, which PGlite runs on this thread). On 2
 *  cores, 16 clients of the embedded database: 1 worker 97 PDFs/s at 15.4 ms CPU a PDF and 336 MB at
 *  peak; 2 workers 80/s at 20.8 ms and 480 MB (the threads took turns on the cores); on the main
 *  thread 74/s. On PostgreSQL the database runs in processes of its own and the main thread was 70%
 *  idle while its one worker was 81% busy (CPU profiles under that load): a worker a core, at most
 *  4 (2 cores, interleaved: 1 worker 141.0 and 139.2 PDFs/s, 2 workers 159.6 and 146.9; peak RSS
 *  245/221 → 288/270 MB; bench/README.md). */
export const defaultPdfWorkers = (onPostgres = false) => Math.max(1, Math.min(os.availableParallelism() - (onPostgres ? 0 : 1), 4));

let options: PdfPoolOptions = {
  workers: defaultPdfWorkers(),
  idleMs: 5 * 60_000,
  keepWarm: 1,
  timeoutMs: 30_000,
  heapMb: 64,
  youngMb: 8,
};

interface Reply {
  id: number;
  pdf?: Uint8Array;
  error?: { message: string; statusCode?: number };
}

interface Slot {
  worker: Worker;
  /** The job it runs, if any. */
  busy?: { id: number; resolve: (pdf: Buffer) => void; reject: (err: Error) => void; timer: NodeJS.Timeout };
  idleTimer?: NodeJS.Timeout;
  ready: Promise<void>;
}

class PdfFailed extends AppError {
  constructor(message: string, statusCode = 500) {
    super(statusCode, message);
  }
}

const slots: Slot[] = [];
let nextId = 1;
let admission: BoundedQueue | undefined;

/** The worker: the compiled file in dist/; under tsx and the tests its TypeScript source, loaded
 *  through tsx's module hooks registered inside the worker (Node 20 does not pass `--import tsx`
 *  hooks to a worker's own entry file). */
function workerEntry(): { file: URL | string; eval: boolean } {
  if (import.meta.url.endsWith('.js')) return { file: new URL('../../pdf-worker.js', import.meta.url), eval: false };
  const tsx = pathToFileURL(
    path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
  ).href;
  const source = new URL('../../pdf-worker.ts', import.meta.url).href;
  return { file: `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(source)}); });`, eval: true };
}

function startWorker(): Slot {
  const entry = workerEntry();
  const worker = new Worker(entry.file, {
    eval: entry.eval,
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb, ...(options.youngMb ? { maxYoungGenerationSizeMb: options.youngMb } : {}) },
    // The parent's stdout/stderr, so a worker's crash is seen in the log.
    stdout: false,
    stderr: false,
  });
  const slot: Slot = {
    worker,
    ready: new Promise((resolve, reject) => {
      worker.once('online', resolve);
      worker.once('error', reject);
    }),
  };
  slot.ready.catch(() => {});
  worker.on('message', (reply: Reply) => {
    const job = slot.busy;
    if (!job || job.id !== reply.id) return;
    clearTimeout(job.timer);
    slot.busy = undefined;
    if (reply.pdf) job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
    else job.reject(new PdfFailed(reply.error?.message ?? 'PDF failed', reply.error?.statusCode));
    idle(slot);
  });
  // A worker that dies (out of its heap, a crash) fails its job and leaves the pool; the next job
  // starts a new one.
  const gone = (err?: Error) => {
    const i = slots.indexOf(slot);
    if (i >= 0) slots.splice(i, 1);
    clearTimeout(slot.idleTimer);
    const job = slot.busy;
    slot.busy = undefined;
    if (job) {
      clearTimeout(job.timer);
      const outOfMemory = (err as NodeJS.ErrnoException | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      job.reject(
        new PdfFailed(
          outOfMemory
            ? 'PDF तयार करताना सर्व्हरची मेमरी संपली. / The server ran out of memory making this PDF; please try again.'
            : `PDF तयार करता आली नाही. / The PDF could not be made: ${err?.message ?? 'the worker stopped'}`,
          outOfMemory ? 503 : 500,
        ),
      );
    }
  };
  worker.on('error', gone);
  worker.on('exit', () => gone());
  slots.push(slot);
  return slot;
}

function idle(slot: Slot) {
  clearTimeout(slot.idleTimer);
  slot.idleTimer = setTimeout(() => {
    if (!slot.busy && slots.indexOf(slot) >= options.keepWarm) void slot.worker.terminate();
  }, options.idleMs);
  // An idle worker never keeps the process alive (tests, a shutting-down server).
  slot.idleTimer.unref();
  slot.worker.unref();
}

function freeSlot(): Slot {
  return slots.find((s) => !s.busy) ?? startWorker();
}

function post(slot: Slot, job: string, args: unknown[]): Promise<Buffer> {
  clearTimeout(slot.idleTimer);
  slot.worker.ref();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => {
      slot.busy = undefined;
      reject(new PdfFailed(`PDF तयार होण्यास खूप वेळ लागला. / The PDF took over ${options.timeoutMs / 1000} s; please try again.`, 503));
      void slot.worker.terminate();
    }, options.timeoutMs);
    slot.busy = { id, resolve, reject, timer };
    const fail = (err: Error) => {
      clearTimeout(timer);
      slot.busy = undefined;
      reject(new PdfFailed(`PDF तयार करता आली नाही. / The PDF could not be made: ${err.message}`));
      idle(slot);
    };
    slot.ready.then(() => {
      try {
        slot.worker.postMessage({ id, job, args: toWorker(args) });
      } catch (err) {
        fail(err as Error); // a value structured cloning cannot carry
      }
    }, fail);
  });
}

/** Values as the worker receives them: a Prisma Decimal (which structured cloning would turn into a
 *  bare object) as its exact decimal string, other objects with their own toString as that text;
 *  Dates and bytes are cloned as they are. */
export function toWorker(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date || ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) return value.map(toWorker);
  if (isDecimal(value)) return value.toFixed();
  // Any other value object that says what it is as text (what the render code reads with String()).
  if (value.toString !== Object.prototype.toString) return String(value);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = toWorker(v);
  return out;
}

/** decimal.js, which Prisma's Decimal is, marks its class with `isDecimal` (the class name is minified). */
function isDecimal(v: object): v is { toFixed(): string } {
  const cls = v.constructor as { isDecimal?: (x: unknown) => boolean } | undefined;
  return typeof cls?.isDecimal === 'function' && cls.isDecimal(v);
}

export function configurePdfPool(o: Partial<PdfPoolOptions>) {
  options = { ...options, ...o };
  admission = undefined;
  for (const slot of slots) if (!slot.busy) idle(slot); // under the new idle time
}

const queue = () =>
  (admission ??= new BoundedQueue(
    options.workers,
    64,
    'सर्व्हर सध्या इतर PDF तयार करत आहे. / The server is busy making other PDFs; please try again in a minute.',
    10,
  ));

/** Renders with the worker job `job` (server/pdf-jobs.ts) given `args`, or with `here` on this
 *  thread when the pool has no workers. One PDF per worker at a time, 64 waiting, then 503. */
export async function renderPdf(job: string, args: unknown[], here: () => Promise<Buffer>): Promise<Buffer> {
  if (options.workers <= 0) return here();
  return queue().run(() => post(freeSlot(), job, args));
}

/** Starts one worker and renders a small page in it, so the first PDF a clerk asks for does not pay
 *  for loading pdfkit and the fonts (about half a second). */
export async function warmUpPdfPool(): Promise<void> {
  if (options.workers <= 0) return;
  await queue().run(() => post(freeSlot(), 'warmUp', []));
}

/** Stops every worker (server shutdown, tests). */
export async function stopPdfPool(): Promise<void> {
  await Promise.all(slots.map((s) => s.worker.terminate()));
}

/** Workers running now (tests, diagnostics). */
export const pdfWorkerCount = () => slots.length;
