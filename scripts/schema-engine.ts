// Prisma's schema engine compiled to WebAssembly, driven in-process through the PGlite
// driver adapter. Used only at development time (creating migrations, the drift test):
// the native engine cannot be downloaded on our machines. See shared note prisma-offline.md.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

const require = createRequire(import.meta.url);
const pkgDir = path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
export const root = path.resolve(import.meta.dirname, '..');
export const schemaPath = path.join(root, 'prisma/schema.prisma');
export const migrationsDir = path.join(root, 'prisma/migrations');

async function loadEngineModule() {
  // The package imports its .wasm as an ES module, which Node does not do without a flag;
  // instantiate it by hand with the glue module as its import object.
  const bg = await import(path.join(pkgDir, 'schema_engine_bg.js'));
  const bytes = fs.readFileSync(path.join(pkgDir, 'schema_engine_bg.wasm'));
  const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': bg });
  bg.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return bg;
}

export function readMigrations() {
  const dirs = fs.existsSync(migrationsDir)
    ? fs
        .readdirSync(migrationsDir)
        .filter((d) => fs.existsSync(path.join(migrationsDir, d, 'migration.sql')))
        .sort()
    : [];
  const lockPath = path.join(migrationsDir, 'migration_lock.toml');
  return {
    baseDir: migrationsDir,
    lockfile: { path: 'migration_lock.toml', content: fs.existsSync(lockPath) ? fs.readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: dirs.map((d) => ({
      path: d,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok', value: fs.readFileSync(path.join(migrationsDir, d, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

/** Indexes that live in migration SQL only, because schema.prisma cannot express them (a b-tree with
 *  a pattern operator class, a GIN index on search_word_starts(...) for 1-2 letter owner searches, a
 *  b-tree on lower(registration number) for the "number already used" check). The diff leaves them be. */
export const RAW_INDEXES = [
  'Property_malmattaKey_prefix_idx',
  'Owner_name_starts_idx',
  'BirthCertificate_number_key_idx',
  'DeathCertificate_number_key_idx',
  'ResidenceCertificate_number_key_idx',
  'MarriageCertificate_number_key_idx',
];

function withoutRawIndexes(sql: string): string {
  return sql
    .split(/\n\s*\n/)
    .filter((stmt) => !RAW_INDEXES.some((name) => stmt.includes(`INDEX "${name}"`)))
    .join('\n\n')
    .trim();
}

/** SQL that takes a database built from the existing migrations to schema.prisma ('' when none). */
export async function diffMigrationsToSchema(): Promise<string> {
  const bg = await loadEngineModule();
  const pglite = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
  const shadow = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
  // The engine expects the error-capturing wrapper Prisma's CLI puts around a factory, and
  // replays migrations on a shadow database it asks the factory for (PGlite with pg_trgm and btree_gin).
  const inner = Object.assign(new PrismaPGlite(pglite), { connectToShadowDb: async () => new PrismaPGlite(shadow).connect() });
  const factory = bindMigrationAwareSqlAdapterFactory(inner as unknown as Parameters<typeof bindMigrationAwareSqlAdapterFactory>[0]);
  const engine = await bg.SchemaEngine.new({ datamodels: [[schemaPath, fs.readFileSync(schemaPath, 'utf8')]] }, () => {}, factory);
  const migrations = readMigrations();
  try {
    const result = await engine.diff({
      // With no migrations yet (no lock file) the engine wants 'empty' as the starting point.
      from: migrations.migrationDirectories.length ? { tag: 'migrations', ...migrations } : { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaPath, content: fs.readFileSync(schemaPath, 'utf8') }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    const sql = withoutRawIndexes((result.stdout ?? '').trim());
    return sql === '-- This is an empty migration.' ? '' : sql;
  } finally {
    engine.free?.();
    await pglite.close();
    await shadow.close();
  }
}
