// How many PDF workers the portal starts by default (server/lib/pdf/pool.ts says why they differ).
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('PDF workers by default', () => {
  const cores = os.availableParallelism();
  it('one fewer than cores on the embedded database, one a core on PostgreSQL, from 1 to 4', () => {
    expect(loadConfig({ JWT_SECRET: 'x' }).pdfWorkers).toBe(Math.max(1, Math.min(cores - 1, 4)));
    expect(loadConfig({ JWT_SECRET: 'x', DATABASE_URL: 'postgres://x@localhost/y' }).pdfWorkers).toBe(Math.max(1, Math.min(cores, 4)));
  });
  it('takes PDF_WORKERS as it is on either database', () => {
    expect(loadConfig({ JWT_SECRET: 'x', DATABASE_URL: 'postgres://x@localhost/y', PDF_WORKERS: '0' }).pdfWorkers).toBe(0);
    expect(loadConfig({ JWT_SECRET: 'x', PDF_WORKERS: '3' }).pdfWorkers).toBe(3);
  });
});
