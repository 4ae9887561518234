// Plain HTTP for the benches that drive a running portal (district-load.ts, request-cost.ts): one
// keep-alive agent to 127.0.0.1:port, JSON bodies, the answer's status, text and time. No load tool:
// those benches keep per-client state (logins, councils, each write's id) a generic tool would not.
// Not a benchmark (no run()): bench/run.ts does not import it.
import http from 'node:http';

export interface Answer {
  /** 0: no answer (a connection error, or the timeout). */
  status: number;
  body: string;
  ms: number;
}

export function httpClient(port: number, opts: { maxSockets: number; timeoutMs?: number }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.maxSockets });
  /** Never rejects: a connection error or the timeout answers status 0. */
  function request(method: string, url: string, o: { headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    const t0 = performance.now();
    return new Promise((resolve) => {
      const failed = () => resolve({ status: 0, body: '', ms: performance.now() - t0 });
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          method,
          agent,
          timeout: opts.timeoutMs,
          headers: {
            ...o.headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }),
          );
          res.on('error', failed);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', failed);
      req.end(payload);
    });
  }
  return { request, destroy: () => agent.destroy() };
}
