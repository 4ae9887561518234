// The PDF worker pool (issue 12): PDFs are made in worker threads, the same bytes as on the main
// thread; a worker that dies or hangs fails only its own PDF with a clear 503 and is replaced; a
// full queue refuses at once; idle workers exit.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Prisma } from '../../server/generated/prisma/client.ts';
import { configurePdfPool, pdfWorkerCount, stopPdfPool, toWorker } from '../../server/lib/pdf/pool.ts';
import { renderInWorker } from '../../server/pdf-jobs.ts';
import { birth, marriage, office, photo } from '../helpers/certificate-records.ts';
import { tempDir } from '../helpers/fixture.ts';

const dir = tempDir('gp-pdf-pool-');
const defaults = { workers: 2, idleMs: 60_000, keepWarm: 1, timeoutMs: 60_000, heapMb: 64, youngMb: 8 };
afterEach(async () => {
  await stopPdfPool();
  configurePdfPool(defaults);
});

const text = (name: string, pdf: Buffer) => {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
};
const birthPdf = (n = 1) => renderInWorker('certificate', 'birth', birth, office, { qrUrl: `https://gp.example.in/birthqr/${n}` });

describe('PDF worker pool', () => {
  it('makes the PDF in a worker thread with the same text as on the main thread, photos included', async () => {
    configurePdfPool({ ...defaults, workers: 0 });
    const here = await birthPdf();
    expect(pdfWorkerCount()).toBe(0);
    configurePdfPool(defaults);
    const there = await birthPdf();
    expect(pdfWorkerCount()).toBe(1);
    expect(text('there', there)).toBe(text('here', here));
    expect(text('there', there)).toContain('आर्या संदीप पाटील');

    const photos = { husbandPhoto: await photo('jpeg', '#2e86c1'), wifePhoto: await photo('webp', '#c0392b') };
    const withPhotos = await renderInWorker('certificate', 'marriage', marriage, office, {
      qrUrl: 'https://gp.example.in/marriageqr/1',
      photos,
    });
    const file = path.join(dir, 'marriage.pdf');
    fs.writeFileSync(file, withPhotos);
    expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2).toBeGreaterThanOrEqual(2);
  });

  it('starts one worker per PDF in flight, up to its size', async () => {
    configurePdfPool({ ...defaults, workers: 2 });
    const pdfs = await Promise.all([1, 2, 3, 4, 5].map(birthPdf));
    expect(pdfs.every((p) => p.subarray(0, 5).toString() === '%PDF-')).toBe(true);
    expect(pdfWorkerCount()).toBe(2);
  });

  it('refuses at once with 503 when 64 PDFs already wait', async () => {
    configurePdfPool({ ...defaults, workers: 1 });
    const results = await Promise.allSettled(Array.from({ length: 70 }, (_, i) => birthPdf(i)));
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason);
    expect(refused).toHaveLength(70 - 65);
    expect(refused[0]).toMatchObject({ statusCode: 503, message: expect.stringContaining('busy making other PDFs') });
  });

  it('fails a PDF that outgrows the worker heap with 503, and the next PDF gets a new worker', async () => {
    configurePdfPool({ ...defaults, workers: 1, heapMb: 2 });
    await expect(birthPdf()).rejects.toMatchObject({ statusCode: 503 });
    await vi.waitFor(() => expect(pdfWorkerCount()).toBe(0));
    configurePdfPool(defaults);
    expect((await birthPdf()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives up on a PDF that takes too long with 503 and replaces its worker', async () => {
    configurePdfPool({ ...defaults, workers: 1, timeoutMs: 1 });
    await expect(birthPdf()).rejects.toMatchObject({ statusCode: 503, message: expect.stringContaining('took over') });
    await vi.waitFor(() => expect(pdfWorkerCount()).toBe(0));
  });

  it('lets idle workers exit but keeps the first one warm', async () => {
    configurePdfPool({ ...defaults, workers: 2 });
    await Promise.all([1, 2, 3].map(birthPdf));
    expect(pdfWorkerCount()).toBe(2);
    configurePdfPool({ ...defaults, workers: 2, idleMs: 20 });
    await vi.waitFor(() => expect(pdfWorkerCount()).toBe(1), { timeout: 10_000 });
    configurePdfPool({ ...defaults, workers: 2, idleMs: 20, keepWarm: 0 });
    await birthPdf();
    await vi.waitFor(() => expect(pdfWorkerCount()).toBe(0), { timeout: 10_000 });
  });

  it('hands a Prisma Decimal to the worker as its exact decimal string', () => {
    const sent = toWorker({
      amount: new Prisma.Decimal('1234.50'),
      tiny: new Prisma.Decimal('0.00000001'),
      on: new Date(0),
      list: [new Prisma.Decimal('7')],
    });
    expect(sent).toEqual({ amount: '1234.5', tiny: '0.00000001', on: new Date(0), list: ['7'] });
  });
});
