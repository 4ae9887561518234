// The columns of a Namuna 9-like register (number, property, owner, address, taxes, total) that the
// column grid of server/lib/pdf is tested and measured with: tests/unit/pdf-grid.test.ts and
// bench/register-pdf.ts. No vitest here, so the benches can import it.
import type { GridColumn } from '../../server/lib/pdf/index.ts';

export const REGISTER_COLUMNS: GridColumn[] = [
  { header: ['अ.क्र.', 'Sr.'], width: 5, align: 'right' },
  { header: ['मालमत्ता क्रमांक', 'Property No.'], width: 10 },
  { header: ['मालकाचे नाव', 'Owner'], width: 30 },
  { header: ['पत्ता', 'Address'], width: 20 },
  { header: ['घरपट्टी (₹)', 'House tax'], width: 10, align: 'right' },
  { header: ['पाणीपट्टी (₹)', 'Water tax'], width: 10, align: 'right' },
  { header: ['एकूण (₹)', 'Total (₹)'], width: 10, align: 'right' },
];
