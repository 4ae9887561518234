// A PDF read back as poppler and zbar read it: its text (what copy and search see), the QR code on
// its first page, its pages and embedded images. Each call writes the PDF to a temporary folder of
// its own and removes it. No vitest and no server code here.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Gives `read` the path of the PDF written to a file of a fresh temporary folder, removed after. */
export function withPdfFile<T>(pdf: Buffer, read: (file: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    return read(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The PDF's text as `pdftotext -raw` extracts it, of one page when `page` is given. */
export function pdfText(pdf: Buffer, page?: number): string {
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  return withPdfFile(pdf, (file) => execFileSync('pdftotext', ['-raw', ...pages, file, '-'], { encoding: 'utf8' }));
}

/** The QR code on the first page, rasterised at 150 dpi and decoded. */
export function pdfQr(pdf: Buffer): string {
  return withPdfFile(pdf, (file) => {
    const stem = file.replace(/\.pdf$/, '');
    execFileSync('pdftoppm', ['-r', '150', '-png', '-singlefile', file, stem]);
    // zbarimg complains on stderr when there is no D-Bus; only its answer on stdout matters.
    return execFileSync('zbarimg', ['--raw', '-q', `${stem}.png`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  });
}

/** Pages, the page size as pdfinfo names it ("841.89 x 595.28 pts (A4)"), and embedded images, from pdfinfo and pdfimages. */
export function pdfFacts(pdf: Buffer): { pages: number; pageSize: string; images: number } {
  return withPdfFile(pdf, (file) => {
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const list = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
    return {
      pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
      pageSize: /Page size:\s+(.+)/.exec(info)?.[1].trim() ?? '',
      images: list.filter((l) => / image /.test(l)).length,
    };
  });
}
