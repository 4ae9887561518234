// The choice of a QR code's mask, as the qrcode package makes it, only faster. qrcode tries the 8
// masks by masking the whole matrix, scoring it through a get(row, col) call per module and
// unmasking it again: 0.6 of the 0.8 ms a certificate's code took. Here each mask is applied into
// one scratch array from a precomputed mask table, and the four penalty rules of qrcode 1.5
// (lib/core/mask-pattern.js: N1 runs, N2 2×2 blocks, N3 finder-like patterns, N4 dark share) are
// scored on it with the same arithmetic and the same tie rule (the first lowest wins), so the mask
// and so the code drawn are the ones qrcode chose (tests/server/qr-mask.test.ts compares them).

/** qrcode's BitMatrix: modules row by row, and which of them are function patterns (never masked). */
export interface QrMatrix {
  size: number;
  data: Uint8Array;
  reservedBit: Uint8Array;
}

const N1 = 3;
const N2 = 3;
const N3 = 40;
const N4 = 10;

/** The mask condition of each pattern at row i, column j (ISO/IEC 18004 table 10, as qrcode writes it). */
const MASKS: ((i: number, j: number) => boolean)[] = [
  (i, j) => (i + j) % 2 === 0,
  (i) => i % 2 === 0,
  (_i, j) => j % 3 === 0,
  (i, j) => (i + j) % 3 === 0,
  (i, j) => (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0,
  (i, j) => ((i * j) % 2) + ((i * j) % 3) === 0,
  (i, j) => (((i * j) % 2) + ((i * j) % 3)) % 2 === 0,
  (i, j) => (((i * j) % 3) + ((i + j) % 2)) % 2 === 0,
];

/** Per symbol size, the 8 masks as 0/1 arrays. */
const maskTables = new Map<number, Uint8Array[]>();
function masksOf(size: number): Uint8Array[] {
  let tables = maskTables.get(size);
  if (!tables) {
    tables = MASKS.map((m) => {
      const t = new Uint8Array(size * size);
      for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) t[i * size + j] = m(i, j) ? 1 : 0;
      return t;
    });
    maskTables.set(size, tables);
  }
  return tables;
}

/** qrcode's penalty of a masked matrix `m` (size × size). */
export function penalty(m: Uint8Array, size: number): number {
  let points = 0;
  // N1: runs of five or more of a colour, along rows and along columns.
  for (let a = 0; a < size; a++) {
    let rowRun = 0;
    let colRun = 0;
    let rowLast = -1;
    let colLast = -1;
    for (let b = 0; b < size; b++) {
      const r = m[a * size + b];
      if (r === rowLast) rowRun++;
      else {
        if (rowRun >= 5) points += N1 + (rowRun - 5);
        rowLast = r;
        rowRun = 1;
      }
      const c = m[b * size + a];
      if (c === colLast) colRun++;
      else {
        if (colRun >= 5) points += N1 + (colRun - 5);
        colLast = c;
        colRun = 1;
      }
    }
    if (rowRun >= 5) points += N1 + (rowRun - 5);
    if (colRun >= 5) points += N1 + (colRun - 5);
  }
  // N2: 2×2 blocks of one colour.
  let blocks = 0;
  for (let r = 0; r < size - 1; r++)
    for (let c = 0; c < size - 1; c++) {
      const i = r * size + c;
      const sum = m[i] + m[i + 1] + m[i + size] + m[i + size + 1];
      if (sum === 4 || sum === 0) blocks++;
    }
  points += blocks * N2;
  // N3: 1:1:3:1:1 with four light modules on one side, in the last 11 modules read.
  let finders = 0;
  for (let a = 0; a < size; a++) {
    let rowBits = 0;
    let colBits = 0;
    for (let b = 0; b < size; b++) {
      rowBits = ((rowBits << 1) & 0x7ff) | m[a * size + b];
      if (b >= 10 && (rowBits === 0x5d0 || rowBits === 0x05d)) finders++;
      colBits = ((colBits << 1) & 0x7ff) | m[b * size + a];
      if (b >= 10 && (colBits === 0x5d0 || colBits === 0x05d)) finders++;
    }
  }
  points += finders * N3;
  // N4: the dark share's distance from 50 %, in steps of 5 %.
  let dark = 0;
  for (let i = 0; i < m.length; i++) dark += m[i];
  points += Math.abs(Math.ceil((dark * 100) / m.length / 5) - 10) * N4;
  return points;
}

/** Drop-in for qrcode's MaskPattern.getBestMask(data, setupFormatFunc). */
export function getBestMask(data: QrMatrix, setupFormat: (mask: number) => void): number {
  const { size, reservedBit } = data;
  const masks = masksOf(size);
  const scratch = new Uint8Array(size * size);
  let best = 0;
  let lowest = Infinity;
  for (let p = 0; p < 8; p++) {
    setupFormat(p);
    const mask = masks[p];
    const d = data.data;
    for (let i = 0; i < scratch.length; i++) scratch[i] = reservedBit[i] ? d[i] : d[i] ^ mask[i];
    const points = penalty(scratch, size);
    if (points < lowest) {
      lowest = points;
      best = p;
    }
  }
  return best;
}

/** Makes qrcode (loaded through `require`) choose masks with getBestMask above. */
export function useFastQrMask(require: NodeJS.Require) {
  const maskPattern = require('qrcode/lib/core/mask-pattern') as { getBestMask: typeof getBestMask };
  maskPattern.getBestMask = getBestMask;
}
