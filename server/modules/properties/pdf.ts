// The Namuna 8 extract (rule 32(1) of the Maharashtra Village Panchayats Taxes and Fees Rules): one
// property's page of the assessment register on A4 landscape: its serial number and road or lane, the
// assessment in force this tax year (the font has no ², so areas say sq m), the line that shows how
// the tax was reached, the later changes (transfers, an assessment from a later year), the statement
// that the extract shows the assessment and not ownership (in the foot, clear of the date), and a QR
// code to the public tax certificate.
import { formatDateEnGB, todayInIndia } from '../../../common/dates.ts';
import { formatRupees } from '../../../common/money.ts';
import {
  BUILDING_TYPES,
  USAGES,
  explainAssessment,
  type Assessment,
  type BuildingType,
  type Usage,
} from '../../../common/property/assessment.ts';
import {
  GRAM_SEVAK,
  ACCENT,
  bilingual,
  cell,
  contentOf,
  createDoc,
  drawFoot,
  drawFrame,
  drawGrid,
  drawHeader,
  drawLabelTable,
  drawTitle,
  footTop,
  MUTED,
  text,
  textHeight,
  toBuffer,
  type Office,
  type SignatureRequest,
} from '../../lib/pdf/index.ts';
import type { PropertyRow } from './schema.ts';

/** A property as the extract prints it: the row in force, and its later changes in both languages. */
export type Namuna8 = PropertyRow & { changes: { mr: string; en: string }[] };

const dash = (v: string) => v || '—';
const rupees = (v: string) => formatRupees(v);

export async function renderNamuna8(
  p: Namuna8,
  office: Office,
  qrUrl: string,
  issuedOn: Date = todayInIndia(),
  signature?: SignatureRequest,
): Promise<Buffer> {
  const doc = createDoc({
    signature,
    title: `नमुना ८ — ${p.malmattaNo}`,
    author: `${office.officeName} / ${office.officeNameEnglish}`,
    landscape: true,
  });
  drawFrame(doc);
  const area = contentOf(doc);
  let y = drawHeader(doc, office, { top: 30 });
  y = drawTitle(
    doc,
    {
      mr: 'नमुना नं. ८ — कर आकारणी नोंदवहीचा उतारा',
      en: 'Form No. 8 — Extract of the Assessment Register',
      statute: [
        'महाराष्ट्र ग्रामपंचायत कर व फी नियम, १९६०, नियम ३२(१)',
        'Maharashtra Village Panchayats Taxes and Fees Rules, 1960, rule 32(1)',
      ],
    },
    y,
  );

  const type = BUILDING_TYPES[p.buildingType as BuildingType];
  const use = USAGES[p.usage as Usage];
  y =
    drawLabelTable(
      doc,
      [
        [cell('अनुक्रमांक', 'Serial No.', p.serialNo ? String(p.serialNo) : '—'), cell('रस्ता / गल्ली', 'Road / lane', dash(p.roadLane))],
        [
          cell('मालमत्ता क्रमांक', 'Property No.', p.malmattaNo),
          cell('गट / सिटी सर्व्हे क्र.', 'Gat / City survey No.', `${dash(p.gatNo)} / ${dash(p.citySurveyNo)}`),
        ],
        [cell('मालकाचे नाव', 'Owner', p.malkacheNav), cell('भोगवटादाराचे नाव', 'Occupier', p.bhogwatdarakNav)],
        [
          cell('मालमत्तेचे वर्णन', 'Description', p.malmattaVarnan),
          cell(
            'प्रकार व वापर',
            'Building type and use',
            ...bilingual(`${type?.mr ?? p.buildingType}, ${use?.mr ?? p.usage}`, `${type?.en ?? p.buildingType}, ${use?.en ?? p.usage}`),
          ),
        ],
      ],
      y,
      y + 200,
      area,
    ) + 8;

  y =
    drawGrid(doc, {
      top: y,
      size: 8,
      columns: [
        { header: ['बांधकाम वर्ष', 'Built'], width: 6, align: 'center' },
        { header: ['क्षेत्रफळ चौ.मी. (चौ.फू.)', 'Area sq m (sq ft)'], width: 9, align: 'right' },
        { header: ['जमीन दर', 'Land ₹/sq m'], width: 8, align: 'right' },
        { header: ['बांधकाम दर', 'Building ₹/sq m'], width: 9, align: 'right' },
        { header: ['घसारा', 'Depreciation'], width: 7, align: 'center' },
        { header: ['भारांक', 'Weightage'], width: 6, align: 'center' },
        { header: ['भांडवली मूल्य', 'Capital value'], width: 11, align: 'right' },
        { header: ['कराचा दर', 'Rate /₹1000'], width: 6, align: 'center' },
        { header: ['घरपट्टी', 'House tax'], width: 9, align: 'right' },
        { header: ['दिवाबत्ती', 'Light'], width: 7, align: 'right' },
        { header: ['आरोग्य', 'Health'], width: 7, align: 'right' },
        { header: ['पाणीपट्टी', 'Water'], width: 7, align: 'right' },
        { header: ['एकूण कर', 'Total tax'], width: 9, align: 'right' },
      ],
      rows: [
        [
          p.milkatBandhakamYear ? String(p.milkatBandhakamYear) : '—',
          `${p.areaSqm} (${p.area})`,
          rupees(p.landRate),
          rupees(p.constructionRate),
          p.ghasaraRate,
          p.buildingBharank,
          rupees(p.bhandavaliRateRs),
          p.karachaRateRs,
          rupees(p.gharpatti),
          rupees(p.divabatti),
          rupees(p.arogya),
          rupees(p.panipatti),
          rupees(p.total),
        ],
      ],
    }) + 6;

  // Below the table, two columns: how the tax was reached on the left, the later changes and the
  // remarks on the right, both kept above the foot (the date of issue, the seal and the signature).
  const limit = footTop(doc, 2) - 4;
  const top = y;
  const leftW = Math.round(area.width * 0.58);
  const how = explainAssessment(p as unknown as Assessment, { buildingType: p.buildingType as BuildingType, plotAreaSqm: p.plotAreaSqm });
  for (const [i, line] of how.mr.entries()) {
    y += text(doc, line, { x: area.left, y, width: leftW, size: 8.5, color: ACCENT });
    y += text(doc, how.en[i], { x: area.left, y, width: leftW, size: 7.5, color: MUTED }) + 1;
  }
  const right = { x: area.left + leftW + 12, width: area.width - leftW - 12 };
  let ry = top;
  const changes = [...(p.aapilacheNikalAndFerfar ? [{ mr: p.aapilacheNikalAndFerfar, en: '' }] : []), ...p.changes];
  const remarks = p.vadhKinvaGhatZalelyBabinchaAadeshSandarbhachaShera;
  if (changes.length) {
    ry += text(doc, 'अपिलाचे निकाल व नंतरचे फेरफार / Appeals and later changes', { ...right, y: ry, size: 8.5, bold: true, color: ACCENT });
    const line = { ...right, x: right.x + 6, width: right.width - 6, size: 8, maxLines: 3 };
    const more = (n: number) => `… आणखी ${n} नोंदी नोंदवहीत / ${n} more in the register`;
    for (const [i, c] of changes.entries()) {
      const words = c.en ? `${c.mr} / ${c.en}` : c.mr;
      const left = changes.length - i - 1;
      // What does not fit is counted, never drawn over the foot.
      const need = textHeight(doc, words, line) + (left ? textHeight(doc, more(left), line) : 0) + (remarks ? 12 : 0);
      if (ry + need > limit) {
        ry += text(doc, more(changes.length - i), { ...line, y: ry, color: MUTED });
        break;
      }
      ry += text(doc, words, { ...line, y: ry });
    }
  }
  if (remarks) ry += text(doc, `शेरा / Remarks: ${remarks}`, { ...right, y: ry + 3, size: 8, maxLines: 2 }) + 3;
  y = Math.max(y, ry);

  drawFoot(
    doc,
    office,
    {
      qrUrl,
      issued: formatDateEnGB(issuedOn),
      signatory: GRAM_SEVAK,
      notes: [
        {
          mr: 'हा उतारा मालमत्तेच्या कर आकारणीचा आहे; तो मालकी हक्काचा पुरावा नाही.',
          en: 'This extract shows the assessment of the property for tax; it is not proof of ownership.',
          strong: true,
        },
        { mr: 'मालमत्ता कर प्रमाणपत्र तपासण्यासाठी QR कोड स्कॅन करा.', en: 'Scan the QR code to see the property tax certificate.' },
      ],
    },
    Math.min(y, limit),
  );
  return toBuffer(doc);
}
