// A PDF worker thread (server/lib/pdf/pool.ts starts it): renders the jobs of server/pdf-jobs.ts
// one at a time and sends back the bytes, moved rather than copied.
import { parentPort } from 'node:worker_threads';
import { pdfJobs } from './pdf-jobs.ts';

interface Request {
  id: number;
  job: keyof typeof pdfJobs;
  args: unknown[];
}

/** Bytes arrive as Uint8Array (structured cloning drops Buffer's class); the render code wants Buffers. */
function revive(value: unknown): unknown {
  if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(revive);
  if (value && typeof value === 'object' && !(value instanceof Date) && !ArrayBuffer.isView(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = revive(v);
    return out;
  }
  return value;
}

parentPort!.on('message', async ({ id, job, args }: Request) => {
  try {
    const render = pdfJobs[job] as ((...a: unknown[]) => Promise<Buffer>) | undefined;
    if (!render) throw new Error(`no PDF job "${String(job)}"`);
    const pdf = await render(...(revive(args) as unknown[]));
    // A PDF has its own ArrayBuffer (Buffer.concat of more than the 4 KB pool): move it.
    const own = pdf.byteOffset === 0 && pdf.byteLength === pdf.buffer.byteLength;
    const bytes = own ? new Uint8Array(pdf.buffer) : new Uint8Array(pdf);
    parentPort!.postMessage({ id, pdf: bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (err) {
    const e = err as Error & { statusCode?: number };
    parentPort!.postMessage({ id, error: { message: e.message, statusCode: e.statusCode } });
  }
});
