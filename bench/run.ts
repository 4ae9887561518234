// npm run bench: runs every benchmark module under bench/ (each exports run()) one after another.
// `npm run bench -- memory` runs those whose file name holds "memory" (or the one named exactly so).
// Files without run() are helpers or tools run by hand (list-plans.ts reads the database
// certificates.ts keeps): they are not imported, as importing a tool runs it.
// A module that fails is reported and the others still run; the exit code says.
import fs from 'node:fs';
import path from 'node:path';

const only = process.argv[2];
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .filter((f) => /^export async function run\(/m.test(fs.readFileSync(path.join(import.meta.dirname, f), 'utf8')))
  // An exact name runs that one only (`district` is not `district-load`, which needs the cluster).
  .filter((f, _, all) => !only || (all.includes(`${only}.ts`) ? f === `${only}.ts` : f.includes(only)))
  .sort();
if (!files.length) throw new Error(`no benchmark under bench/ matches "${only}"`);

const failed: string[] = [];
for (const f of files) {
  console.log(`\n## ${f}`);
  try {
    const mod = (await import(path.join(import.meta.dirname, f))) as { run: () => Promise<void> };
    await mod.run();
  } catch (err) {
    failed.push(f);
    console.error(`${f} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}
if (failed.length) {
  console.error(`\n${failed.length} of ${files.length} benchmarks failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
