// npm run bench: runs every benchmark module under bench/ (each exports run()) one after another.
import fs from 'node:fs';
import path from 'node:path';

const only = process.argv[2];
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && !['run.ts', 'web.ts', 'web-seed.ts', 'helpers.ts'].includes(f))
  .filter((f) => !only || f.includes(only))
  .sort();
for (const f of files) {
  const mod = await import(path.join(import.meta.dirname, f));
  if (typeof mod.run !== 'function') continue;
  console.log(`\n## ${f}`);
  await mod.run();
}
