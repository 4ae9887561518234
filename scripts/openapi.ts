// The OpenAPI document as the portal serves it at /api/openapi.json, for tools: the app is built (not
// listening) on an empty embedded database in a temporary folder, so this needs no running portal
// and no PostgreSQL.
//   npm run openapi:lint    writes the document to a temporary file and lints it with Redocly CLI
//                           (redocly.yaml: the recommended rules); fails on any error or warning
//   npm run openapi:types   writes clients/typescript/portal-api.d.ts with openapi-typescript
//   tsx scripts/openapi.ts json FILE   writes the document to FILE
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadConfig, root } from '../server/config.ts';
import { openDatabase } from '../server/db/open.ts';
import { buildApp } from '../server/app.ts';

export const TYPES_FILE = path.join(root, 'clients/typescript/portal-api.d.ts');

/** The served document. PUBLIC_BASE_URL names the server in it (an example address when unset). */
export async function openapiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-openapi-'));
  try {
    const env = {
      DATA_DIR: dataDir,
      JWT_SECRET: 'openapi-document-only',
      SMS_WORKER: '0',
      PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || 'https://gp-yourvillage.in',
    };
    const config = { ...loadConfig(env), logLevel: 'silent' };
    // The document does not depend on the data: no migrations, nothing is read.
    const database = await openDatabase({ dataDir, migrate: false });
    try {
      const app = await buildApp(config, database, false);
      await app.ready();
      const doc = app.swagger() as unknown as Record<string, unknown>;
      await app.close();
      return doc;
    } finally {
      await database.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** TypeScript types of every path, operation and schema, as openapi-typescript writes them. */
export async function typesOf(doc: Record<string, unknown>): Promise<string> {
  const header =
    '// The Gram Panchayat Portal API as TypeScript types: generated from /api/openapi.json by\n' +
    '// `npm run openapi:types` (openapi-typescript). Do not edit; CI fails when it differs from the contract.\n';
  return header + astToString(await openapiTS(doc as never, { alphabetize: false }));
}

/** Redocly CLI's exit code counts errors only: warnings fail here too (issue 15: zero of both). */
function lint(file: string): number {
  const bin = path.join(root, 'node_modules/.bin', process.platform === 'win32' ? 'redocly.cmd' : 'redocly');
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const args = ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--max-problems', '500'];
  spawnSync(bin, args, { stdio: 'inherit', env });
  const json = spawnSync(bin, [...args, '--format', 'json'], { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const totals = (JSON.parse(json.stdout) as { totals?: { errors: number; warnings: number } }).totals;
  if (!totals) return 1;
  console.log(`openapi:lint: ${totals.errors} errors, ${totals.warnings} warnings`);
  return totals.errors + totals.warnings === 0 ? 0 : 1;
}

async function main(command?: string, out?: string) {
  if (command === 'json' && out) {
    fs.writeFileSync(out, JSON.stringify(await openapiDocument(), null, 2) + '\n');
  } else if (command === 'lint') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gp-openapi-lint-'));
    const file = path.join(dir, 'openapi.json');
    fs.writeFileSync(file, JSON.stringify(await openapiDocument(), null, 2) + '\n');
    const status = lint(file);
    fs.rmSync(dir, { recursive: true, force: true });
    process.exitCode = status;
  } else if (command === 'types') {
    fs.mkdirSync(path.dirname(TYPES_FILE), { recursive: true });
    fs.writeFileSync(TYPES_FILE, await typesOf(await openapiDocument()));
    console.log(`wrote ${path.relative(root, TYPES_FILE)}`);
  } else {
    console.error('usage: tsx scripts/openapi.ts lint | types | json FILE');
    process.exit(2);
  }
}

// Run as a script (not when a test imports the functions above).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main(...process.argv.slice(2));
