// Run as a child process by snapshot.ts: opens the embedded database's snapshot (a copy of its
// folder, or a tar of one) and dumps it. Apart from the portal because PGlite runs on the thread that
// calls it: a dump of half a million rows there would hold up every request for its whole length,
// and leave its WebAssembly memory behind.
// Arguments: the snapshot, the folder for the table parts. Prints the Dump as JSON on its last line.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions, pgliteRunner, pgliteStartParams } from '../../db/open.ts';
import { dumpDatabase } from './dump.ts';

const [source, dir] = process.argv.slice(2);
try {
  const options = { extensions: pgliteExtensions, startParams: pgliteStartParams };
  const db = source.endsWith('.tar')
    ? await PGlite.create({ ...options, loadDataDir: new Blob([fs.readFileSync(source)]) })
    : await PGlite.create(source, options);
  const dump = await dumpDatabase(pgliteRunner(db), dir);
  await db.close();
  process.stdout.write(`\n${JSON.stringify(dump)}\n`);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
