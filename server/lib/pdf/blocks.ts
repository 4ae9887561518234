// The parts an official document of the council is made of: the page frame, the office header, the
// title, the statement, the photo frame, and the foot (date and place of issue, seal, signature block,
// QR code, footer notes). Every block takes the top it starts at and returns the y below it; widths
// follow the page (portrait or landscape) unless a box is given.
import { createRequire } from 'node:module';
import type QRCodeModule from 'qrcode';
import { imageType, sharp } from '../images.ts';
import { ACCENT, artifact, contentOf, figure, hLine, MISSING, MUTED, RULE, signatureOf, text, type Doc } from './core.ts';
import { useFastQrMask } from './qr-mask.ts';

/** A double rule around the page, as printed certificate stationery has. */
export function drawFrame(doc: Doc, color = '#7a4b12') {
  const { width, height } = doc.page;
  artifact(doc, () => drawRules(doc, width, height, color));
}

function drawRules(doc: Doc, width: number, height: number, color: string) {
  doc
    .save()
    .lineWidth(2)
    .strokeColor(color)
    .rect(18, 18, width - 36, height - 36)
    .stroke();
  doc
    .lineWidth(0.6)
    .rect(23, 23, width - 46, height - 46)
    .stroke()
    .restore();
}

/** The issuing office as the site profile names it. */
export interface Office {
  officeName: string;
  officeNameEnglish: string;
  block: string;
  blockEnglish: string;
  district: string;
  districtEnglish: string;
}

export const NEUTRAL_OFFICE: Office = {
  officeName: 'ग्रामपंचायत कार्यालय',
  officeNameEnglish: 'Gram Panchayat Office',
  block: '',
  blockEnglish: '',
  district: '',
  districtEnglish: '',
};

/** "ता. मावळ, जि. पुणे" and "Tal. Maval, Dist. Pune"; '' for a part the profile leaves empty. */
export function officePlace(office: Office): { mr: string; en: string } {
  return {
    mr: [office.block && `ता. ${office.block}`, office.district && `जि. ${office.district}`].filter(Boolean).join(', '),
    en: [office.blockEnglish && `Tal. ${office.blockEnglish}`, office.districtEnglish && `Dist. ${office.districtEnglish}`]
      .filter(Boolean)
      .join(', '),
  };
}

export interface Box {
  top?: number;
  left?: number;
  width?: number;
}

/** Office name in Marathi and English, block (taluka) and district in each language, centred,
 *  then a double rule. Returns the y below the rule. */
export function drawHeader(doc: Doc, office: Office, box: Box = {}): number {
  const area = contentOf(doc);
  const left = box.left ?? area.left;
  const width = box.width ?? area.width;
  let y = box.top ?? 34;
  y += text(doc, office.officeName, { x: left, y, size: 18, bold: true, align: 'center', width, color: ACCENT });
  y += text(doc, office.officeNameEnglish, { x: left, y, size: 11.5, bold: true, align: 'center', width, color: ACCENT });
  const place = officePlace(office);
  if (place.mr) y += text(doc, place.mr, { x: left, y: y + 1, size: 9.5, align: 'center', width, color: MUTED });
  if (place.en) y += text(doc, place.en, { x: left, y, size: 9, align: 'center', width, color: MUTED });
  y += 5;
  hLine(doc, left, left + width, y, 1.2, ACCENT);
  hLine(doc, left, left + width, y + 2.5, 0.4, ACCENT);
  return y + 2.5;
}

export interface Title {
  mr: string;
  en: string;
  /** Form number ("नमुना क्रमांक ५ · Form No. 5") or document number, small under the title. */
  form?: string;
  /** The legal basis, Marathi then English. */
  statute?: [string, string];
}

/** Title in Marathi and English, form number, legal basis; `inset` leaves room at the sides (photos
 *  beside the title). Returns the y below it. */
export function drawTitle(doc: Doc, t: Title, top: number, inset = 0): number {
  const area = contentOf(doc);
  const x = area.left + inset;
  const width = area.width - 2 * inset;
  let y = top + 6;
  y += text(doc, t.mr, { x, y, size: 18, bold: true, align: 'center', width, color: ACCENT, role: 'H1' }) + 2;
  y += text(doc, t.en, { x, y, size: 11.5, bold: true, align: 'center', width, color: ACCENT, role: 'H1' }) + 1;
  if (t.form) y += text(doc, t.form, { x, y, size: 8, align: 'center', width, color: MUTED });
  if (t.statute) {
    y += text(doc, t.statute[0], { x: x + 10, y: y + 1, size: 7.5, align: 'center', width: width - 20, color: MUTED }) + 1;
    y += text(doc, t.statute[1], { x: x + 10, y, size: 7.2, align: 'center', width: width - 20, color: MUTED });
  }
  return y + 7;
}

/** A statement (the certifying sentence) in both languages across the content band; `large` for a
 *  letter-style document whose sentence is the whole content. Returns the y below it. */
export function drawStatement(doc: Doc, mr: string, en: string, top: number, large = false): number {
  const { left, width } = contentOf(doc);
  let y = top;
  y += text(doc, mr, { x: left, y, size: large ? 11.5 : 9.5, width, lineGap: large ? 5 : 1 }) + (large ? 10 : 3);
  y += text(doc, en, { x: left, y, size: large ? 10.5 : 9, width, lineGap: large ? 4 : 0.5 });
  return y + (large ? 16 : 8);
}

// ---------------------------------------------------------------- photo

export const PHOTO_W = 82;
export const PHOTO_H = 102;

/** JPEG and PNG as pdfkit takes them; WebP (or anything else sharp reads) as PNG; undefined when
 *  the bytes are not a picture, so the frame prints empty instead of the document failing. */
export async function embeddable(photo: Buffer | undefined): Promise<Buffer | undefined> {
  if (!photo?.length) return undefined;
  const type = imageType(photo);
  if (type === 'jpeg' || type === 'png') return photo;
  try {
    return await sharp(photo).rotate().png().toBuffer();
  } catch {
    return undefined;
  }
}

/** A passport-style photo frame with its caption ("पती / Husband") below: the photo scaled to fit,
 *  or an empty frame to paste one in. `photo` must be embeddable() already. */
export function drawPhoto(doc: Doc, photo: Buffer | undefined, x: number, y: number, mr: string, en: string) {
  artifact(doc, () => doc.save().lineWidth(0.8).strokeColor(RULE).rect(x, y, PHOTO_W, PHOTO_H).stroke().restore());
  let placed = false;
  if (photo) {
    try {
      figure(doc, `छायाचित्र: ${mr} / Photograph: ${en}`, () =>
        doc.image(photo, x + 2, y + 2, { fit: [PHOTO_W - 4, PHOTO_H - 4], align: 'center', valign: 'center' }),
      );
      placed = true;
    } catch {
      // A damaged file: leave the frame empty.
    }
  }
  if (!placed) {
    text(doc, 'छायाचित्र', { x, y: y + PHOTO_H / 2 - 12, size: 8, width: PHOTO_W, align: 'center', color: '#9a9a9a' });
    text(doc, 'Photograph', { x, y: y + PHOTO_H / 2, size: 7.5, width: PHOTO_W, align: 'center', color: '#9a9a9a' });
  }
  text(doc, `${mr} / ${en}`, { x: x - 10, y: y + PHOTO_H + 2, size: 8, bold: true, width: PHOTO_W + 20, align: 'center', color: ACCENT });
}

// ---------------------------------------------------------------- foot

// qrcode loads with the first document, like pdfkit (core.ts): a restart need not pay for it.
let qrcode: typeof QRCodeModule | undefined;
function loadQrCode(): typeof QRCodeModule {
  if (!qrcode) {
    const require = createRequire(import.meta.url);
    qrcode = require('qrcode') as typeof QRCodeModule;
    useFastQrMask(require);
  }
  return qrcode;
}

/** A QR code as filled squares (one rectangle per run of dark modules): sharp at any zoom, a few KB.
 *  `size` is the side of the code without a quiet zone; keep 4 modules of white around it. */
export function drawQr(doc: Doc, url: string, x: number, y: number, size: number) {
  figure(doc, `QR कोड: ${url} / QR code: ${url}`, () => drawModules(doc, url, x, y, size));
}

function drawModules(doc: Doc, url: string, x: number, y: number, size: number) {
  const { modules } = loadQrCode().create(url, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const cell = size / n;
  doc.save();
  for (let r = 0; r < n; r++) {
    let c = 0;
    while (c < n) {
      if (!modules.get(r, c)) {
        c++;
        continue;
      }
      const start = c;
      while (c < n && modules.get(r, c)) c++;
      // A hair of overlap keeps rasterisers from leaving white seams between rows.
      doc.rect(x + start * cell, y + r * cell, (c - start) * cell + 0.05, cell + 0.05);
    }
  }
  doc.fillColor('#000000').fill();
  doc.restore();
}

/** The place for the office's round seal: a dashed circle with its name, stamped by hand. */
export function drawSeal(doc: Doc, cx: number, cy: number, r = 34) {
  artifact(doc, () => doc.save().lineWidth(0.7).dash(2, { space: 2 }).strokeColor('#9a9a9a').circle(cx, cy, r).stroke().undash().restore());
  text(doc, 'कार्यालयीन शिक्का', { x: cx - r, y: cy - 10, size: 7.5, width: 2 * r, align: 'center', color: '#8a8a8a' });
  text(doc, 'Office seal', { x: cx - r, y: cy + 2, size: 7, width: 2 * r, align: 'center', color: '#8a8a8a' });
}

export interface Signatory {
  mr: string;
  en: string;
}

/** Who signs the property and tax documents (Namuna 8 extract, Namuna 9 demand bill). */
export const GRAM_SEVAK: Signatory = { mr: 'ग्रामसेवक / ग्रामविकास अधिकारी', en: 'Gram Sevak / Village Development Officer' };

/** A line to sign on, then who signs (Marathi, English) and the office, centred in `width`.
 *  `y` is the top of the space left for the signature. Returns the y below the block. */
export function drawSignatureBlock(
  doc: Doc,
  s: Signatory & { x: number; y: number; width: number; office?: string; space?: number },
): number {
  const lineY = s.y + (s.space ?? 34);
  hLine(doc, s.x + 10, s.x + s.width - 10, lineY, 0.6, '#777777');
  let y = lineY + 2;
  const opts = { x: s.x, width: s.width, align: 'center' as const };
  y += text(doc, 'स्वाक्षरी / Signature', { ...opts, y, size: 7.5, color: MUTED });
  y += text(doc, s.mr, { ...opts, y: y + 1, size: 9, bold: true });
  y += text(doc, s.en, { ...opts, y: y + 1, size: 8.5 });
  if (s.office) y += text(doc, s.office, { ...opts, y: y + 1, size: 8, color: MUTED, maxLines: 2 });
  return y;
}

const SIGNED_AT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "डिजिटल स्वाक्षरी / Digitally signed by … on 27/11/2026 21:12 IST": the printed trace of the PDF's
 *  signature, which a viewer's signature panel shows in full. */
export const signedLine = (signer: string, at: Date) =>
  `डिजिटल स्वाक्षरी / Digitally signed by ${signer} on ${SIGNED_AT.format(at).replace(',', '')} IST`;

/** A footer line, Marathi then English; `strong` for a statutory one. */
export interface Note {
  mr: string;
  en: string;
  strong?: boolean;
}

export interface Foot {
  /** The public page the QR code opens. */
  qrUrl: string;
  /** Date of issue as printed (dd/mm/yyyy). */
  issued: string;
  place?: string;
  signatory: Signatory;
  notes: Note[];
}

const QR = 78;
/** Height of the date / seal / signature / QR band. */
const BAND = QR + 46;
const NOTE_H = 21;
/** Where the foot's band starts at the latest for this many footer notes; content ends above it. */
export const footTop = (doc: Doc, notes: number) => doc.page.height - 34 - notes * NOTE_H - BAND;

/** Date and place of issue (left), seal, signature block, QR code (bottom right), then the footer
 *  notes at the bottom of the page. The band follows short content up the page instead of leaving
 *  a gap above the signature. */
export function drawFoot(doc: Doc, office: Office, f: Foot, contentBottom: number) {
  const { left: LEFT, right: RIGHT, width: WIDTH } = contentOf(doc);
  const top = Math.min(footTop(doc, f.notes.length), contentBottom + 36) + 8;

  const dateW = 104;
  let y = top + 4;
  y += text(doc, 'दिनांक / Date of issue', { x: LEFT, y, size: 7.5, width: dateW, color: MUTED });
  y += text(doc, f.issued || MISSING, { x: LEFT, y, size: 10, bold: true, width: dateW }) + 5;
  if (f.place) {
    y += text(doc, 'ठिकाण / Place', { x: LEFT, y, size: 7.5, width: dateW, color: MUTED });
    text(doc, f.place, { x: LEFT, y, size: 9, width: dateW, maxLines: 2 });
  }

  drawSeal(doc, LEFT + 150, top + 40, 34);

  const qrX = RIGHT - QR;
  const sigX = LEFT + 196;
  const sigW = qrX - 14 - sigX;
  const below = drawSignatureBlock(doc, { ...f.signatory, x: sigX, y: top, width: sigW, office: office.officeName, space: 40 });
  const signed = signatureOf(doc);
  if (signed)
    text(doc, signedLine(signed.key.signer, signed.at), {
      x: sigX,
      y: below + 2,
      width: sigW,
      size: 7,
      align: 'center',
      color: ACCENT,
      maxLines: 2,
    });

  // White on every side of the code: at least 4 modules (about 10 pt here), as scanners expect.
  drawQr(doc, f.qrUrl, qrX, top, QR);
  const capW = 130;
  text(doc, 'सत्यता तपासण्यासाठी स्कॅन करा', { x: RIGHT - capW, y: top + QR + 8, size: 7.5, width: capW, align: 'right', color: MUTED });
  text(doc, 'Scan to verify', { x: RIGHT - capW, y: top + QR + 19, size: 7.5, width: capW, align: 'right', color: MUTED });

  let fy = doc.page.height - 34 - f.notes.length * NOTE_H;
  hLine(doc, LEFT, RIGHT, fy - 4, 0.5, RULE);
  for (const n of f.notes) {
    const style = { x: LEFT, width: WIDTH, align: 'center' as const, bold: n.strong, color: n.strong ? ACCENT : MUTED };
    fy += text(doc, n.mr, { ...style, y: fy, size: 8 });
    fy += text(doc, n.en, { ...style, y: fy, size: 7.5 }) + 1;
  }
}
