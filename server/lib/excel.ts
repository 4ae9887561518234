// exceljs, loaded on the first workbook rather than at start: about 0.3 s of CPU that a restart
// need not pay (issue 8). The register import and template and the tax list's export share it.
import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';

export type ExcelJS = typeof ExcelJSModule;

let exceljs: ExcelJS | undefined;
export const loadExcelJS = (): ExcelJS => (exceljs ??= createRequire(import.meta.url)('exceljs') as ExcelJS);

/** The writable end of a streamed worksheet's zip entry, as exceljs 4 and archiver set it up: the
 *  sheet's StreamBuf pipes into archiver's entry stream, which compresses it one chunk per turn of
 *  the event loop. StreamBuf ignores that stream's backpressure, so XML written faster than it is
 *  compressed piles up there (a 200,000-row tax list held up to 65 MB of it on PostgreSQL, 116 MB
 *  on PGlite; tests/unit/excel-backpressure.test.ts). */
interface EntryStream {
  writableLength?: number;
  _writableState?: { length: number };
  once(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
}

function entryOf(ws: ExcelJSModule.Worksheet): EntryStream | undefined {
  const pipes = (ws as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const entry = pipes?.[0] as Partial<EntryStream> | undefined;
  return entry && typeof entry.once === 'function' ? (entry as EntryStream) : undefined;
}

const backlogOf = (entry: EntryStream) => entry.writableLength ?? entry._writableState?.length;

/** Bytes of a streamed worksheet's XML written and not yet compressed; undefined when exceljs no
 *  longer has the shape entryOf expects (a test fails then). */
export function sheetBacklog(ws: ExcelJSModule.Worksheet): number | undefined {
  const entry = entryOf(ws);
  return entry && backlogOf(entry);
}

/** Between batches of rows of a streamed worksheet: waits until what the sheet's zip entry holds is
 *  under `limit` bytes, so a long export's memory is one batch and this, whatever its rows, and a
 *  slow download slows the rows read instead of piling them up. Rejects when `out` (what the
 *  workbook writes to) is closed first: the client went away, the export should stop. */
export async function sheetDrained(ws: ExcelJSModule.Worksheet, out: NodeJS.WritableStream & { destroyed?: boolean }, limit = 1 << 20) {
  const entry = entryOf(ws);
  for (;;) {
    if (out.destroyed) throw new Error('the download was closed before the workbook was written');
    if (!entry || (backlogOf(entry) ?? 0) <= limit) break;
    await new Promise<void>((resolve) => {
      const done = () => {
        entry.off('drain', done);
        out.off('close', done);
        resolve();
      };
      entry.once('drain', done);
      out.once('close', done);
    });
  }
  // A turn of the event loop for the rest of the pipeline (the HTTP response) either way.
  await new Promise((resolve) => setImmediate(resolve));
}
