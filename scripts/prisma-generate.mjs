// Runs `prisma generate` offline (see shared note prisma-offline.md): the CLI is told to use a
// stand-in schema engine instead of downloading one. Runs on every `npm install`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, 'scripts/prisma-engine-standin.mjs'),
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const bin = path.join(root, 'node_modules/prisma/build/index.js');
const r = spawnSync(process.execPath, [bin, 'generate'], { cwd: root, env, stdio: 'inherit' });
process.exit(r.status ?? 1);
