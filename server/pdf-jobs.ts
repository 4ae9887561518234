// The documents the PDF workers render (server/lib/pdf/pool.ts): one table of name → render
// function, read by the worker (server/pdf-worker.ts) and, typed, by the routes that ask for them.
import { renderCertificate } from './modules/certificates/pdf.ts';
import { renderNamuna8 } from './modules/properties/pdf.ts';
import { renderDemandBill, renderNamuna9Register, renderReceipt } from './modules/tax/pdf.ts';
import { renderPdf } from './lib/pdf/pool.ts';
import { warmUpPdf } from './lib/pdf/warm-up.ts';

export const pdfJobs = {
  certificate: renderCertificate,
  namuna8: renderNamuna8,
  receipt: renderReceipt,
  demandBill: renderDemandBill,
  namuna9: renderNamuna9Register,
  warmUp: async () => {
    await warmUpPdf();
    return Buffer.alloc(0);
  },
};
export type PdfJobs = typeof pdfJobs;

/** `pdfJobs[job](...args)` in a worker thread. Arguments cross by structured cloning: plain data,
 *  Dates and bytes (a Prisma Decimal arrives as its decimal string). */
export function renderInWorker<K extends keyof PdfJobs>(job: K, ...args: Parameters<PdfJobs[K]>): Promise<Buffer> {
  return renderPdf(job, args, () => (pdfJobs[job] as (...a: unknown[]) => Promise<Buffer>)(...args));
}
