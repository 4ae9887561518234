// The document library every area's pdf.ts uses: core (fonts, pages, the one text helper), blocks
// (frame, office header, title, statement, photo, the date / seal / signature / QR foot) and tables
// (label–value table, multi-page column grid). notes/devanagari-pdf.md says why text goes through
// one helper.
export * from './core.ts';
export * from './blocks.ts';
export * from './tables.ts';
