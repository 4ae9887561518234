// The search page's proof of work off the page's thread: a challenge in, its `altcha` field out.
import { solve } from './pow-solve.ts';

self.onmessage = async (event: MessageEvent) => {
  try {
    self.postMessage({ altcha: await solve(event.data) });
  } catch (err) {
    self.postMessage({ error: String(err) });
  }
};
