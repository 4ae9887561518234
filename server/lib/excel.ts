// exceljs, loaded on the first workbook rather than at start: about 0.3 s of CPU that a restart
// need not pay (issue 8). The register import and template and the tax list's export share it.
import { createRequire } from 'node:module';
import type ExcelJSModule from 'exceljs';

export type ExcelJS = typeof ExcelJSModule;

let exceljs: ExcelJS | undefined;
export const loadExcelJS = (): ExcelJS => (exceljs ??= createRequire(import.meta.url)('exceljs') as ExcelJS);
