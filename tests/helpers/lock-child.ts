// A process that tries to take the embedded database's lock when told: prints READY, waits for a
// line on stdin, prints LOCKED or REFUSED, and holds the lock until stdin closes.
import readline from 'node:readline';
import { takeLock } from '../../server/db/lock.ts';

const dir = process.argv[2];
const lines = readline.createInterface({ input: process.stdin });
console.log('READY');
let release: (() => void) | undefined;
let asked = false;
lines.on('line', () => {
  if (asked) return;
  asked = true;
  try {
    release = takeLock(dir);
    console.log('LOCKED');
  } catch (err) {
    console.log(`REFUSED ${(err as Error).message}`);
  }
});
lines.on('close', () => {
  release?.();
  process.exit(0);
});
