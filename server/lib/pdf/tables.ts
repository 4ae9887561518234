// Tables: the label–value table of a one-page document (a certificate's fields), which shrinks its
// type rather than leave the page.
import { ACCENT, contentOf, hLine, LABEL_FILL, MISSING, MUTED, RULE, text, textHeight, vLine, type Area, type Doc } from './core.ts';

/** One labelled value: label in Marathi and English, value as lines (Marathi first, then English). */
export interface Cell { mr: string; en: string; lines: string[] }
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

/** From roomiest to tightest: full size with up to three lines a value, smaller type, then fewer
 *  lines. Only values longer than any real name or address reach the last steps. */
const TABLE_STYLES = [
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
  const labelH = textHeight(doc, c.mr, { ...st.labelMr, width: g.labelText }) + textHeight(doc, c.en, { ...st.labelEn, width: g.labelText });
  const valueH = valueLines(c).reduce((h, l, i) => h + textHeight(doc, l, { ...st.value(i), width: g.valueW }) + 1, 0);
  return Math.max(labelH, valueH) + 2 * st.pad;
}

function drawCell(doc: Doc, c: Cell, x: number, y: number, width: number, height: number, st: TableStyle) {
  const g = cellGeometry(width, st);
  doc.save().rect(x, y, LABEL_W, height).fill(LABEL_FILL).restore();
  const ly = y + st.pad + text(doc, c.mr, { ...st.labelMr, x: x + st.pad, y: y + st.pad, width: g.labelText });
  text(doc, c.en, { ...st.labelEn, x: x + st.pad, y: ly, width: g.labelText });
  let vy = y + st.pad;
  valueLines(c).forEach((l, i) => { vy += text(doc, l, { ...st.value(i), x: x + LABEL_W + st.pad, y: vy, width: g.valueW }) + 1; });
  vLine(doc, x + LABEL_W, y, y + height);
}

/** The ruled label–value table between `top` and `bottom` across the content band (or `area`): at
 *  full size when it fits, otherwise at the largest smaller size that does; a missing value prints
 *  as a dash. Returns the y below it. */
export function drawLabelTable(doc: Doc, lines: Line[], top: number, bottom: number, area: Area = contentOf(doc)): number {
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
    line.forEach((c, i) => drawCell(doc, c, LEFT + i * w, y, w, heights[n], st));
    if (line.length > 1) vLine(doc, LEFT + w, y, y + heights[n]);
    y += heights[n];
  });
  // Rules after all cells, so the next row's label shading does not cover half of them.
  let ruleY = top;
  for (const h of heights.slice(0, -1)) hLine(doc, LEFT, RIGHT, (ruleY += h), 0.5, RULE);
  doc.save().lineWidth(0.9).strokeColor(ACCENT).rect(LEFT, top, WIDTH, y - top).stroke().restore();
  return y;
}
