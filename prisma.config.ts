// Prisma 7 reads the connection from here, not from schema.prisma. process.env is read
// directly because env("DATABASE_URL") fails when it is unset, even for `generate`.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://unused' },
});
