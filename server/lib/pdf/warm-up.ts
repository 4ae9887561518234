// Optional warm-up of the document library, for the server to run once after it listens.
import { drawFoot, drawFrame, drawHeader, drawTitle, NEUTRAL_OFFICE } from './blocks.ts';
import { createDoc, toBuffer } from './core.ts';
import { bilingual, cell, drawLabelTable, drawGrid } from './tables.ts';

/** Parses the fonts and lays out one small page with every kind of block (header, title, label
 *  table, grid, QR foot) in both weights and scripts, so the first document a user asks for does
 *  not pay for it (a cold first PDF took about a second). Call it without awaiting it. */
export async function warmUpPdf(): Promise<void> {
  const doc = createDoc({ title: 'warm-up' });
  drawFrame(doc);
  let y = drawHeader(doc, NEUTRAL_OFFICE, { top: 34 });
  y = drawTitle(doc, { mr: 'प्रमाणपत्र', en: 'CERTIFICATE', form: 'नमुना क्रमांक ५ · Form No. 5' }, y);
  y = drawLabelTable(
    doc,
    [
      [cell('नाव', 'Name', ...bilingual('श्री ज्ञानेश्वर कृष्ण क्षीरसागर', 'Dnyaneshwar Krishna Kshirsagar'))],
      [cell('दिनांक', 'Date', '01/01/2000'), cell('पत्ता', 'Address', 'मु. पो. वडगाव, ता. मावळ, जि. पुणे')],
    ],
    y,
    400,
  );
  y = drawGrid(doc, {
    top: y + 10,
    columns: [
      { header: ['अ.क्र.', 'Sr.'], width: 1 },
      { header: ['मालकाचे नाव', 'Owner'], width: 4 },
      { header: ['कर (₹)', 'Tax'], width: 2 },
    ],
    rows: [['१', 'शीतल चव्हाण-बऱ्हाणपूरकर', '१२३४']],
  });
  drawFoot(
    doc,
    NEUTRAL_OFFICE,
    {
      qrUrl: 'https://example.invalid/warm-up',
      issued: '01/01/2000',
      place: NEUTRAL_OFFICE.officeName,
      signatory: { mr: 'ग्रामसेवक', en: 'Gram Sevak' },
      notes: [{ mr: 'नोंद', en: 'Note' }],
    },
    y,
  );
  await toBuffer(doc);
}
