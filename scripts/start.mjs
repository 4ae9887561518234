// `npm start`: rebuilds only what changed since the last build (usually nothing: a hash check of the
// sources), then runs the compiled server with plain Node, no TypeScript loader. A deployed server
// that was built once runs `npm run start:prod` (node dist/server/main.js) and skips even the check.
import { build } from './build.mjs';

try {
  build({ onlyChanged: true });
} catch (err) {
  console.error(`Portal not started: the build failed: ${err.message}`);
  process.exit(1);
}
await import('../dist/server/main.js');
