// `npm run cluster -- up|down|status [--purge]`: the district topology of issue 32 on one machine, from
// Debian's packages, no Docker: a PostgreSQL primary (cluster gp-primary, port 5440) and a
// streaming-replication standby made from it with pg_basebackup (gp-standby, 5441), two portal
// processes (8081, 8082) on them, and nginx (8090) in front with deploy/nginx.conf's rules. Needs
// root (pg_createcluster), `npm run build` first, and the packages postgresql and nginx.
// `down` stops everything and keeps the data; `down --purge` drops the two clusters and the state.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root } from '../server/config.ts';

const VERSION = process.env.CLUSTER_PG_VERSION || '15';
const PRIMARY = { name: 'gp-primary', port: 5440 };
const STANDBY = { name: 'gp-standby', port: 5441 };
const APPS = [8081, 8082];
const PROXY_PORT = Number(process.env.CLUSTER_PORT || 8090);
const state = path.resolve(process.env.CLUSTER_DIR || path.join(root, 'data', 'cluster'));

/** The cluster's signing-key secret, made once and kept in its state folder. */
function signingSecret(): string {
  const file = path.join(state, 'signing-key-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(state, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return fs.readFileSync(file, 'utf8').trim();
}
const url = (port: number) => `postgresql://postgres@127.0.0.1:${port}/portal`;

const run = (cmd: string, args: string[], opts: { quiet?: boolean } = {}) =>
  execFileSync(cmd, args, { encoding: 'utf8', stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'pipe', 'inherit'] });
const asPostgres = (cmd: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', cmd, ...args]);
const clusters = () => run('pg_lsclusters', ['--no-header'], { quiet: true });
const exists = (name: string) =>
  clusters()
    .split('\n')
    .some((l) => l.split(/\s+/)[1] === name);
const online = (name: string) =>
  clusters()
    .split('\n')
    .some((l) => l.split(/\s+/)[1] === name && l.includes('online'));
const dataDir = (name: string) => `/var/lib/postgresql/${VERSION}/${name}`;
const pidFile = (what: string) => path.join(state, `${what}.pid`);

function alive(pid: number) {
  if (!(pid > 0)) return false; // kill(0) would ask about this whole process group
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
const readPid = (what: string) => (fs.existsSync(pidFile(what)) ? Number(fs.readFileSync(pidFile(what), 'utf8')) : 0);

async function waitFor(what: string, check: () => Promise<boolean>, seconds = 60) {
  for (let i = 0; i < seconds * 4; i++) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not come up in ${seconds} s`);
}
const healthy = async (port: number) => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;

/** Null when the portals can read the database at `port` as they connect to it (url()), else why not. */
async function portalsRefusedBy(port: number): Promise<string | null> {
  const client = new pg.Client({ connectionString: url(port), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await client.end().catch(() => {});
  }
}

function nginxConf(): string {
  const site = fs
    .readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8')
    .replace(/server app\d:8080 /g, '#')
    .replace(
      'upstream portal {',
      `upstream portal {\n${APPS.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n')}`,
    )
    .replace('listen 80;', `listen ${PROXY_PORT};`);
  const temp = (n: string) => `${n}_temp_path ${path.join(state, 'nginx', n)};`;
  return `worker_processes 1;
pid ${path.join(state, 'nginx.pid')};
error_log ${path.join(state, 'nginx-error.log')};
events { worker_connections 1024; }
http {
  access_log ${path.join(state, 'nginx-access.log')};
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${site}
}
`;
}

async function up() {
  if (!fs.existsSync(path.join(root, 'dist', 'server', 'main.js'))) throw new Error('run `npm run build` first');
  fs.mkdirSync(path.join(state, 'nginx'), { recursive: true });
  if (!exists(PRIMARY.name)) {
    // Trust on 127.0.0.1 only (the clusters listen there alone): a machine's test and bench topology, not a production one.
    run('pg_createcluster', [VERSION, PRIMARY.name, '-p', String(PRIMARY.port), '--', '--auth=trust']);
    fs.appendFileSync(
      `/etc/postgresql/${VERSION}/${PRIMARY.name}/postgresql.conf`,
      "\nlisten_addresses = '127.0.0.1'\nwal_level = replica\n",
    );
  }
  if (!online(PRIMARY.name)) run('pg_ctlcluster', [VERSION, PRIMARY.name, 'start']);
  const dbs = asPostgres('psql', ['-p', String(PRIMARY.port), '-tAc', "SELECT 1 FROM pg_database WHERE datname = 'portal'"]);
  if (!dbs.trim()) asPostgres('createdb', ['-p', String(PRIMARY.port), 'portal']);
  if (!exists(STANDBY.name)) {
    // Trust as on the primary: pg_basebackup copies the data folder, not Debian's /etc/postgresql
    // configuration, so a standby made without it asked the portals for a password they do not have
    // and every public read went to the primary.
    run('pg_createcluster', [VERSION, STANDBY.name, '-p', String(STANDBY.port), '--', '--auth=trust']);
    fs.appendFileSync(`/etc/postgresql/${VERSION}/${STANDBY.name}/postgresql.conf`, "\nlisten_addresses = '127.0.0.1'\nhot_standby = on\n");
  }
  if (!fs.existsSync(path.join(dataDir(STANDBY.name), 'standby.signal'))) {
    // Its data folder becomes a copy of the primary's, following it (-R: standby.signal, primary_conninfo).
    if (online(STANDBY.name)) run('pg_ctlcluster', [VERSION, STANDBY.name, 'stop']);
    run('install', ['-d', '-o', 'postgres', '-g', 'postgres', '-m', '700', dataDir(STANDBY.name)]);
    for (const f of fs.readdirSync(dataDir(STANDBY.name))) fs.rmSync(path.join(dataDir(STANDBY.name), f), { recursive: true, force: true });
    asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(PRIMARY.port),
      '-U',
      'postgres',
      '-D',
      dataDir(STANDBY.name),
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
  }
  if (!online(STANDBY.name)) run('pg_ctlcluster', [VERSION, STANDBY.name, 'start']);
  // A standby the portals cannot log in to is passed over without a word from the cluster: every
  // public read would go to the primary (as it did from a standby made before its trust line).
  await waitFor('the standby', async () => {
    const why = await portalsRefusedBy(STANDBY.port);
    return why === null || !/starting up|ECONNREFUSED/.test(why); // up, or refusing for good
  });
  const refused = await portalsRefusedBy(STANDBY.port);
  if (refused)
    throw new Error(
      `the standby (${STANDBY.port}) refuses the portals' connection (${refused}): \`npm run cluster -- down --purge\` and up again make it anew`,
    );
  for (const [i, port] of APPS.entries()) {
    if (alive(readPid(`app${i + 1}`))) continue;
    const dir = path.join(state, `app${i + 1}`);
    fs.mkdirSync(dir, { recursive: true });
    const out = fs.openSync(path.join(state, `app${i + 1}.log`), 'a');
    // 16 MB semi-spaces, as deploy/docker-compose.yml gives its replicas (not start:prod's 4, an
    // office machine's memory setting): 15-25% less CPU a public page (bench/request-cost.ts).
    const child = spawn(process.execPath, ['--max-semi-space-size=16', '--v8-pool-size=0', path.join(root, 'dist', 'server', 'main.js')], {
      detached: true,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: url(PRIMARY.port),
        DATABASE_READ_URL: url(STANDBY.port),
        TRUST_PROXY: '1',
        PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || `http://localhost:${PROXY_PORT}`,
        // One secret for the councils' signing keys on every portal: each one's own DATA_DIR secret
        // could not open the keys another sealed (they answer 503 then).
        SIGNING_KEY_SECRET: process.env.SIGNING_KEY_SECRET || signingSecret(),
      },
    });
    child.unref();
    fs.writeFileSync(pidFile(`app${i + 1}`), String(child.pid));
    // The first applies the migrations; the second starts once it is up.
    await waitFor(`the portal on ${port}`, () => healthy(port), 120);
  }
  fs.writeFileSync(path.join(state, 'nginx.conf'), nginxConf());
  if (!alive(readPid('nginx'))) run('nginx', ['-c', path.join(state, 'nginx.conf'), '-p', state]);
  await waitFor('nginx', () => healthy(PROXY_PORT));
  console.log(
    `Cluster up: http://localhost:${PROXY_PORT} → portals ${APPS.join(', ')} → PostgreSQL ${PRIMARY.port} (standby ${STANDBY.port}). State in ${state}.`,
  );
}

async function down(purge: boolean) {
  if (alive(readPid('nginx'))) run('nginx', ['-c', path.join(state, 'nginx.conf'), '-p', state, '-s', 'stop']);
  for (const i of APPS.keys()) {
    const pid = readPid(`app${i + 1}`);
    if (alive(pid)) process.kill(pid, 'SIGTERM');
  }
  for (const c of [STANDBY, PRIMARY]) if (online(c.name)) run('pg_ctlcluster', [VERSION, c.name, 'stop']);
  if (purge) {
    for (const c of [STANDBY, PRIMARY]) if (exists(c.name)) run('pg_dropcluster', [VERSION, c.name]);
    fs.rmSync(state, { recursive: true, force: true });
  }
  console.log(purge ? 'Cluster stopped and its data removed.' : 'Cluster stopped (data kept; `down --purge` removes it).');
}

async function status() {
  console.log(
    clusters()
      .split('\n')
      .filter((l) => l.includes('gp-'))
      .join('\n') || 'no clusters',
  );
  if (online(PRIMARY.name))
    console.log(
      'replication:',
      asPostgres('psql', [
        '-p',
        String(PRIMARY.port),
        '-tAc',
        'SELECT application_name, state, replay_lag FROM pg_stat_replication',
      ]).trim() || 'no standby connected',
    );
  if (online(STANDBY.name)) console.log(`standby reads: ${(await portalsRefusedBy(STANDBY.port)) ?? 'the portals can read it'}`);
  for (const [i, port] of APPS.entries())
    console.log(`portal ${port}: ${(await healthy(port).catch(() => false)) ? 'up' : 'down'} (pid ${readPid(`app${i + 1}`) || '-'})`);
  console.log(`nginx ${PROXY_PORT}: ${(await healthy(PROXY_PORT).catch(() => false)) ? 'up' : 'down'}`);
}

const [cmd, flag] = process.argv.slice(2);
try {
  if (cmd === 'up') await up();
  else if (cmd === 'down') await down(flag === '--purge');
  else if (cmd === 'status') await status();
  else {
    console.error('Usage: npm run cluster -- up | down [--purge] | status');
    process.exit(2);
  }
} catch (err) {
  console.error(`cluster ${cmd}: ${(err as Error).message}`);
  process.exit(1);
}
