#!/usr/bin/env node
// Stands in for Prisma's native schema engine, which the CLI would otherwise download
// (no machine of ours can). `prisma generate` only asks it for --version.
if (process.argv.includes('--version')) console.log('schema-engine-cli standin');
process.exit(0);
