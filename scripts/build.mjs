// Builds what a deployed portal runs: the server (server/, common/ and the generated Prisma client)
// compiled by tsc into dist/, and the web app built by Vite into web/dist. `npm run build` builds
// both; `npm start` (scripts/start.mjs) rebuilds only a part whose sources changed since its last
// build, told by a hash of those sources kept in dist/build-stamp.json.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist/build-stamp.json');
const bin = (name) => path.join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

// A build is a production build whoever starts it: under vitest (NODE_ENV=test, the tests' global
// setup builds) the React plugin compiled JSX for React's development runtime, which the SSR
// bundle's production React does not have (every server-rendered page answered 500 in CI).
const env = { ...process.env, NODE_ENV: 'production' };

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32', env });
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args.join(' ')} failed`);
}

const parts = {
  server: {
    sources: ['server', 'common', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'],
    output: 'dist/server/main.js',
    build() {
      for (const dir of ['server', 'common']) fs.rmSync(path.join(root, 'dist', dir), { recursive: true, force: true });
      run(bin('tsc'), ['-p', 'tsconfig.build.json']);
    },
  },
  web: {
    sources: ['web', 'common', 'package-lock.json'],
    output: 'web/dist-server/entry-server.js',
    build() {
      run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
      // The public pages' server-side rendering (server/plugins/spa.ts loads it).
      run(bin('vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn', '--ssr']);
    },
  },
};

/** A hash of every file under the part's sources (names and contents), build output left out. */
function hashOf(sources) {
  const hash = crypto.createHash('sha256');
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!fs.existsSync(abs) || rel === 'web/dist' || rel === 'web/dist-server' || path.basename(rel) === 'node_modules') return;
    if (fs.statSync(abs).isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) walk(path.join(rel, name));
      return;
    }
    hash.update(`${rel}\0`).update(fs.readFileSync(abs)).update('\0');
  };
  sources.forEach(walk);
  return hash.digest('hex');
}

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(stampFile, 'utf8'));
  } catch {
    return {};
  }
}

/** Builds the parts named (all by default); with `onlyChanged`, skips a part whose sources and output are as last built. */
export function build({ onlyChanged = false, names = Object.keys(parts) } = {}) {
  for (const name of names) {
    const part = parts[name];
    const hash = hashOf(part.sources);
    if (onlyChanged && readStamp()[name] === hash && fs.existsSync(path.join(root, part.output))) continue;
    const started = Date.now();
    console.log(`Building the ${name === 'web' ? 'web app' : 'server'}…`);
    part.build();
    fs.mkdirSync(path.dirname(stampFile), { recursive: true });
    fs.writeFileSync(stampFile, JSON.stringify({ ...readStamp(), [name]: hash }, null, 2) + '\n');
    console.log(`Built the ${name === 'web' ? 'web app' : 'server'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    // node scripts/build.mjs [--changed] [server|web …]
    const args = process.argv.slice(2);
    const names = args.filter((a) => a !== '--changed');
    build({ onlyChanged: args.includes('--changed'), names: names.length ? names : undefined });
  } catch (err) {
    console.error(`Build failed: ${err.message}`);
    process.exit(1);
  }
}
