// A test file's fixture: made in a beforeAll hook, disposed of in an afterAll hook, and read like
// the thing itself (`t.app`, `browser.newPage()`) from the file's tests and hooks. Declared at the
// top of a file or a describe block, so its hooks run around exactly those tests; fixtures declared
// in order are made in that order and disposed of in reverse. No server code here: the browser
// tests use it too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export function fixture<T extends object>(name: string, make: () => Promise<T>, dispose?: (made: T) => Promise<unknown>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  afterAll(async () => {
    if (made && dispose) await dispose(made);
  });
  const current = (): T => {
    if (!made) throw new Error(`${name} is made in a beforeAll hook: read it inside a test or a hook`);
    return made;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value = Reflect.get(current(), key);
      return typeof value === 'function' ? value.bind(current()) : value;
    },
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
    // A spread ({ ...portal, username }) copies the made value's own fields.
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(current(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

/** A temporary folder of the file's tests (or a describe block's), made at once and removed after them. */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}
