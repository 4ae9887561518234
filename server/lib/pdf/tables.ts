// Tables: the label–value table of a one-page document (a certificate's fields), which shrinks its
// type rather than leave the page, and the column grid of registers and lists (Namuna 8 and 9, the
// tax list), which runs over as many pages as it needs and repeats its header on each.
import {
  ACCENT,
  artifact,
  contentOf,
  hLine,
  LABEL_FILL,
  MISSING,
  MUTED,
  RULE,
  tagged,
  text,
  textHeight,
  vLine,
  type Area,
  type Doc,
} from './core.ts';

// ---------------------------------------------------------------- label–value table

/** One labelled value: label in Marathi and English, value as lines (Marathi first, then English). */
export interface Cell {
  mr: string;
  en: string;
  lines: string[];
}
/** A table line holds one cell, or two side by side for short values. */
export type Line = Cell[];

export const cell = (mr: string, en: string, ...lines: string[]): Cell => ({ mr, en, lines: lines.filter(Boolean) });
/** A value kept in both languages; the same text twice (a number, an English-only entry) prints once. */
export const bilingual = (mr: string, en: string) => (mr && mr !== en ? [mr, en] : [en || mr]);

/** Type sizes of the table at a scale (1, or less when long values would not fit the page) and
 *  the lines each value may take before it is cut with an ellipsis. */
function tableStyle(scale: number, maxLines: number) {
  return {
    labelMr: { size: 8.5 * scale, bold: true, color: ACCENT },
    labelEn: { size: 7 * scale, color: MUTED, maxLines: 3 },
    value: (i: number) => ({ size: (i === 0 ? 10 : 9.5) * scale, maxLines }),
    pad: 4 * scale,
  };
}

/** From roomiest to tightest: full size with a value wrapping as far as the page allows (a long
 *  address or place prints whole), smaller type, then three lines a value, then fewer. */
const TABLE_STYLES = [
  ...[1, 0.94, 0.88, 0.82, 0.76, 0.7].map((scale) => tableStyle(scale, 10)),
  ...[1, 0.94, 0.88, 0.82, 0.76, 0.7].map((scale) => tableStyle(scale, 3)),
  tableStyle(0.7, 2),
  tableStyle(0.64, 2),
  tableStyle(0.7, 1),
];
type TableStyle = ReturnType<typeof tableStyle>;

/** Label column width, the same in one- and two-cell lines so the table's columns line up. */
const LABEL_W = 124;

function cellGeometry(width: number, st: TableStyle) {
  return { labelText: LABEL_W - 2 * st.pad, valueW: width - LABEL_W - 2 * st.pad };
}

const valueLines = (c: Cell) => (c.lines.length ? c.lines : [MISSING]);

function measureCell(doc: Doc, c: Cell, width: number, st: TableStyle): number {
  const g = cellGeometry(width, st);
  const labelH =
    textHeight(doc, c.mr, { ...st.labelMr, width: g.labelText }) + textHeight(doc, c.en, { ...st.labelEn, width: g.labelText });
  const valueH = valueLines(c).reduce((h, l, i) => h + textHeight(doc, l, { ...st.value(i), width: g.valueW }) + 1, 0);
  return Math.max(labelH, valueH) + 2 * st.pad;
}

function drawCell(doc: Doc, c: Cell, x: number, y: number, width: number, height: number, st: TableStyle) {
  const g = cellGeometry(width, st);
  artifact(doc, () => doc.save().rect(x, y, LABEL_W, height).fill(LABEL_FILL).restore());
  tagged(doc, 'TH', () => {
    const ly = y + st.pad + text(doc, c.mr, { ...st.labelMr, x: x + st.pad, y: y + st.pad, width: g.labelText });
    text(doc, c.en, { ...st.labelEn, x: x + st.pad, y: ly, width: g.labelText });
  });
  tagged(doc, 'TD', () => {
    let vy = y + st.pad;
    valueLines(c).forEach((l, i) => {
      vy += text(doc, l, { ...st.value(i), x: x + LABEL_W + st.pad, y: vy, width: g.valueW }) + 1;
    });
  });
  vLine(doc, x + LABEL_W, y, y + height);
}

/** The ruled label–value table between `top` and `bottom` across the content band (or `area`): at
 *  full size when it fits, otherwise at the largest smaller size that does; a missing value prints
 *  as a dash. Tagged as a table: a row a line, each label a header cell beside its value. Returns
 *  the y below it. */
export function drawLabelTable(doc: Doc, lines: Line[], top: number, bottom: number, area: Area = contentOf(doc)): number {
  return tagged(doc, 'Table', () => labelTable(doc, lines, top, bottom, area));
}

function labelTable(doc: Doc, lines: Line[], top: number, bottom: number, area: Area): number {
  const { left: LEFT, right: RIGHT, width: WIDTH } = area;
  const heightsAt = (st: TableStyle) => lines.map((line) => Math.max(...line.map((c) => measureCell(doc, c, WIDTH / line.length, st))));
  let st = TABLE_STYLES[0];
  let heights = heightsAt(st);
  for (let i = 1; i < TABLE_STYLES.length && heights.reduce((a, b) => a + b, 0) > bottom - top; i++) {
    st = TABLE_STYLES[i];
    heights = heightsAt(st);
  }
  let y = top;
  lines.forEach((line, n) => {
    const w = WIDTH / line.length;
    tagged(doc, 'TR', () => line.forEach((c, i) => drawCell(doc, c, LEFT + i * w, y, w, heights[n], st)));
    if (line.length > 1) vLine(doc, LEFT + w, y, y + heights[n]);
    y += heights[n];
  });
  // Rules after all cells, so the next row's label shading does not cover half of them.
  let ruleY = top;
  for (const h of heights.slice(0, -1)) hLine(doc, LEFT, RIGHT, (ruleY += h), 0.5, RULE);
  artifact(doc, () =>
    doc
      .save()
      .lineWidth(0.9)
      .strokeColor(ACCENT)
      .rect(LEFT, top, WIDTH, y - top)
      .stroke()
      .restore(),
  );
  return y;
}

// ---------------------------------------------------------------- column grid

export interface GridColumn {
  /** Header lines, e.g. ['मालमत्ता क्रमांक', 'Property No.']; the first is set bold. */
  header: string | readonly string[];
  /** A share of the content width: widths are scaled so the columns fill the band. */
  width: number;
  align?: 'left' | 'center' | 'right';
}

export interface GridOptions {
  columns: readonly GridColumn[];
  /** One string per column; '' leaves a cell empty. */
  rows: readonly (readonly string[])[];
  /** A last row set bold on a shaded ground (sums of the columns, '' where there is none). */
  totals?: readonly string[];
  /** Where the grid starts on the page it begins on; default the current y. */
  top?: number;
  /** Draws what stands above the grid on each page the grid continues onto (a running title) and
   *  returns the y the header starts at; default 36 points down. `page` counts from 1. */
  continued?: (doc: Doc, page: number) => number;
  /** The grid stops this far above the bottom edge (room for page numbers); default 50. */
  bottomMargin?: number;
  /** Type size of the body; the header is set a point smaller. Default 8. */
  size?: number;
  /** Lines a cell may take before it is cut with an ellipsis (the tag keeps the whole text). Default 4. */
  maxLines?: number;
  /** A register totalled page by page: the bold row that closes each page, from the indexes of the
   *  rows on it (room for it is kept at the foot of every page). */
  pageTotals?: (rows: number[]) => readonly string[];
}

const GRID_PAD = 3;

/** 1-based number of the current page, with or without buffered pages (without, pdfkit flushes each
 *  page when the next is added and keeps only the current one). */
const pageNumber = (doc: Doc) => doc.bufferedPageRange().start + doc.bufferedPageRange().count;

/** A ruled grid of columns over as many pages as the rows need: the header row is repeated at the
 *  top of every page, a cell's text wraps within its column, and a row that does not fit on a page
 *  moves whole to the next one. Returns the y below the grid on its last page. */
export function drawGrid(doc: Doc, o: GridOptions): number {
  return tagged(doc, 'Table', () => grid(doc, o));
}

function grid(doc: Doc, o: GridOptions): number {
  const area = contentOf(doc);
  const size = o.size ?? 8;
  const maxLines = o.maxLines ?? 4;
  const share = o.columns.reduce((sum, c) => sum + c.width, 0);
  const widths = o.columns.map((c) => (c.width / share) * area.width);
  const xs = widths.reduce<number[]>((acc, w, i) => [...acc, acc[i] + w], [area.left]);
  const bottom = () => doc.page.height - (o.bottomMargin ?? 50);
  const headers = o.columns.map((c) => (typeof c.header === 'string' ? [c.header] : [...c.header]));

  const headStyle = (line: number) => ({ size: size - 1, bold: line === 0, color: line === 0 ? ACCENT : MUTED });
  const headerHeight =
    Math.max(
      ...headers.map((lines, i) =>
        lines.reduce((h, l, n) => h + textHeight(doc, l, { ...headStyle(n), width: widths[i] - 2 * GRID_PAD }), 0),
      ),
    ) +
    2 * GRID_PAD;
  const rowHeight = (cells: readonly string[], bold = false) =>
    Math.max(
      doc
        .font(bold ? 'bold' : 'regular')
        .fontSize(size)
        .currentLineHeight(true),
      ...cells.map((v, i) => textHeight(doc, v, { size, bold, maxLines, width: widths[i] - 2 * GRID_PAD })),
    ) +
    2 * GRID_PAD;

  let pageTop = o.top ?? doc.y;
  let y = pageTop;
  /** The y a continuation page's grid starts at, after its running title. */
  const startPage = () => (o.continued ? artifact(doc, () => o.continued!(doc, pageNumber(doc)), 'Pagination') : 36);

  /** Column rules and the outer border of the part of the grid on this page. */
  const closePage = () => {
    for (const x of xs.slice(1, -1)) vLine(doc, x, pageTop, y);
    artifact(doc, () =>
      doc
        .save()
        .lineWidth(0.9)
        .strokeColor(ACCENT)
        .rect(area.left, pageTop, area.width, y - pageTop)
        .stroke()
        .restore(),
    );
  };
  /** The header row; where it repeats on a continuation page it is an artifact (read once). */
  const drawHeaderRow = (repeated = false) => (repeated ? artifact(doc, () => headerRow(), 'Pagination') : headerRow());
  const headerRow = () => {
    artifact(doc, () => doc.save().rect(area.left, y, area.width, headerHeight).fill(LABEL_FILL).restore());
    tagged(doc, 'TR', () =>
      headers.forEach((lines, i) =>
        tagged(doc, 'TH', () => {
          let ty = y + GRID_PAD;
          lines.forEach((l, n) => {
            ty += text(doc, l, { ...headStyle(n), x: xs[i] + GRID_PAD, y: ty, width: widths[i] - 2 * GRID_PAD, align: 'center' });
          });
        }),
      ),
    );
    y += headerHeight;
    hLine(doc, area.left, area.right, y, 0.8, ACCENT);
  };
  /** Room kept for the page's total row, and the rows drawn on the page so far. */
  const reserve = o.pageTotals ? rowHeight(o.pageTotals([]), true) : 0;
  let onPage: number[] = [];
  /** The page's total row, once, for the rows drawn on it. */
  const closeWithTotal = () => {
    if (!o.pageTotals || !onPage.length) return;
    const rows = onPage;
    onPage = [];
    drawRow(o.pageTotals(rows), true);
  };
  const drawRow = (cells: readonly string[], bold: boolean, index = -1) => {
    const h = rowHeight(cells, bold);
    if (y + h + (index >= 0 ? reserve : 0) > bottom()) {
      closeWithTotal();
      closePage();
      doc.addPage();
      pageTop = y = startPage();
      drawHeaderRow(true);
    }
    if (index >= 0) onPage.push(index);
    if (bold) artifact(doc, () => doc.save().rect(area.left, y, area.width, h).fill(LABEL_FILL).restore());
    tagged(doc, 'TR', () =>
      cells.forEach((v, i) =>
        tagged(doc, 'TD', () =>
          text(doc, v, {
            size,
            bold,
            maxLines,
            x: xs[i] + GRID_PAD,
            y: y + GRID_PAD,
            width: widths[i] - 2 * GRID_PAD,
            align: o.columns[i]?.align ?? 'left',
          }),
        ),
      ),
    );
    y += h;
    hLine(doc, area.left, area.right, y, 0.5, RULE);
  };

  if (y + headerHeight + rowHeight(o.rows[0] ?? o.totals ?? []) > bottom()) {
    doc.addPage();
    pageTop = y = startPage();
  }
  drawHeaderRow();
  o.rows.forEach((row, i) => drawRow(row, false, i));
  closeWithTotal();
  if (o.totals) drawRow(o.totals, true);
  closePage();
  doc.y = y;
  return y;
}

/** Writes "पान 1 / 3 · Page 1 of 3" (or what `label` returns) at the foot of every page. The
 *  document must be made with `bufferPages: true`; call it last, before toBuffer(). */
export function numberPages(doc: Doc, label = (n: number, of: number) => `पान ${n} / ${of}  ·  Page ${n} of ${of}`) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const { left, width } = contentOf(doc);
    text(doc, label(i - start + 1, count), {
      x: left,
      y: doc.page.height - 42,
      width,
      size: 7.5,
      align: 'center',
      color: MUTED,
      role: 'Artifact',
    });
  }
}
