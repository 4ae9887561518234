// The document library every area's pdf.ts uses: core (fonts, pages, the one text helper), blocks
// (frame, office header, title, statement, photo, the date / seal / signature / QR foot), tables
// (label–value table, multi-page column grid) and the warm-up. notes/devanagari-pdf.md says why
// all text goes through one helper.
export * from './core.ts';
export * from './blocks.ts';
export * from './tables.ts';
export * from './warm-up.ts';
export type { SignatureRequest, SignedRecord, SigningKey } from './sign.ts';
