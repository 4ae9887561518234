// A register as the column grid of lib/pdf draws it (no database): 500 rows of Marathi names on
// landscape A4 with a header repeated on every page and page numbers, first render in the process,
// then the median of 10. Standalone: npx tsx -e "import('./bench/register-pdf.ts').then(m=>m.run())"
import { timeRuns } from './timing.ts';
import { registerPdf } from '../tests/helpers/register-sample.ts';

const RUNS = 10;
const ROWS = 500;
const NAMES = ['श्री ज्ञानेश्वर कृष्ण क्षीरसागर', 'शीतल चव्हाण-बऱ्हाणपूरकर', 'ओंकार सुनील जाधव', 'प्रियांका संदीप पाटील'];

async function render(): Promise<{ bytes: number; pages: number }> {
  const rows = Array.from({ length: ROWS }, (_, i) => [
    String(i + 1),
    `M-${i + 1}`,
    `${NAMES[i % 4]} ${i + 1}`,
    'मु. पो. वडगाव, ता. मावळ',
    String(100 + i),
    String(50 + i),
    String(150 + 2 * i),
  ]);
  const { pdf, pages } = await registerPdf(rows);
  return { bytes: pdf.length, pages };
}

export async function run() {
  const { first, cold, median } = await timeRuns(render, RUNS);
  console.log(
    `Register PDF, ${ROWS} rows on ${first.pages} landscape pages: median ${median.toFixed(0)} ms of ${RUNS}, ` +
      `first ${cold.toFixed(0)} ms, ${(first.bytes / 1024).toFixed(0)} KB`,
  );
}
