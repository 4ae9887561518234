// Debian's Chromium as the browser tests (tests/e2e/helpers.ts) and bench/web.ts start it: where it
// is, and the flags that keep it from reaching out (no sandbox in a container, no GPU, no QUIC, no
// updates or sync). No vitest here, so the benches can import it.
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
