// `npm run dup:check`: the copy-paste check of CI. jscpd reads the tree as .jscpd.json says (six
// lines or more; generated code, fixtures and applied migrations left out: a migration once run is
// never edited) and this fails when it finds more clones than `--max`. Lower the number in
// package.json when a clean-up brings the count down; raise it only with a reason in the commit.
import { createRequire } from 'node:module';

// jscpd's ES module build does not load on Node 20 (it imports 'colors/safe' without the .js): take the CommonJS one.
const { jscpd } = createRequire(import.meta.url)('jscpd');

const at = process.argv.indexOf('--max');
const max = Number(process.argv[at + 1]);
if (at < 0 || !Number.isInteger(max)) {
  console.error('usage: node scripts/dup-check.mjs --max <clones>');
  process.exit(2);
}

const clones = await jscpd(['node', 'jscpd', '.', '--config', '.jscpd.json', '--silent']);
if (clones.length > max) {
  const place = (d) => `${d.sourceId}:${d.start.line}-${d.end.line}`;
  for (const c of clones) console.log(`${place(c.duplicationA)} ~ ${place(c.duplicationB)}`);
  console.log(
    `${clones.length} clones of six lines or more, more than the ${max} allowed: merge the new one (a helper, a fixture, a table) rather than raise the limit.`,
  );
  process.exit(1);
}
