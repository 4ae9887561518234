// Creates prisma/migrations/<timestamp>_<name>/migration.sql from the difference between the
// existing migrations and schema.prisma, offline. Usage: npm run migration:new -- add_payments
import fs from 'node:fs';
import path from 'node:path';
import { diffMigrationsToSchema, migrationsDir } from './schema-engine.ts';

const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]/gi, '_');
if (!name) {
  console.error('Usage: npm run migration:new -- <name>');
  process.exit(2);
}
const sql = await diffMigrationsToSchema();
if (!sql) {
  console.log('schema.prisma and the migrations agree: nothing to create.');
  process.exit(0);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const dir = path.join(migrationsDir, `${stamp}_${name}`);
fs.mkdirSync(dir, { recursive: true });
const first = !fs.existsSync(path.join(migrationsDir, 'migration_lock.toml'));
if (first) fs.writeFileSync(path.join(migrationsDir, 'migration_lock.toml'), 'provider = "postgresql"\n');
fs.writeFileSync(path.join(dir, 'migration.sql'), sql + '\n');
console.log(`Created ${path.relative(process.cwd(), dir)}/migration.sql`);
