// A small fake of the three SMS gateways over real HTTP (node:http on port 0), answering the way
// each one does. The key picks the behaviour: `good`, `bad` (wrong key), `poor` (no balance),
// `slow` (no answer: a timeout); a DLT template id `wrong` is a template mismatch; `flaky` answers
// 503 to the first send of each number, then succeeds.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  query: URLSearchParams;
  body: string;
}

export interface FakeGateway {
  url: string;
  requests: FakeRequest[];
  sends: () => FakeRequest[];
  close(): Promise<void>;
}

export async function startFakeGateway(): Promise<FakeGateway> {
  const requests: FakeRequest[] = [];
  const flakySeen = new Set<string>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const r: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, headers: req.headers, query: url.searchParams, body };
      requests.push(r);
      const form = new URLSearchParams(body);
      const json = (status: number, v: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      const plain = (v: string) => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end(v);
      };

      // MSG91
      if (r.path === '/api/balance.php') {
        const key = url.searchParams.get('authkey');
        if (key === 'slow') return;
        if (key === 'bad') return json(200, { msg: 'Authentication failure', msgType: 'error' });
        return plain(key === 'poor' ? '0' : '1500');
      }
      if (r.path === '/api/v5/flow/') {
        const key = String(req.headers.authkey);
        const b = JSON.parse(body || '{}') as { template_id?: string; recipients?: { mobiles: string }[] };
        if (key === 'slow') return;
        if (key === 'bad') return json(401, { type: 'error', message: 'Authentication failure' });
        if (key === 'poor') return json(400, { type: 'error', message: 'Insufficient balance' });
        if (b.template_id === 'wrong') return json(400, { type: 'error', message: 'Template ID does not match the DLT template' });
        if (key === 'flaky' && !flakySeen.has(b.recipients?.[0]?.mobiles ?? '')) {
          flakySeen.add(b.recipients?.[0]?.mobiles ?? '');
          return json(503, { type: 'error', message: 'Service busy' });
        }
        // Unique like the gateway's own ids: a database kept from an earlier run holds its messages too.
        return json(200, { type: 'success', message: `req-${crypto.randomUUID()}` });
      }
      // Fast2SMS
      if (r.path === '/dev/wallet') {
        const key = String(req.headers.authorization);
        if (key === 'slow') return;
        if (key === 'bad')
          return json(401, { return: false, status_code: 412, message: 'Invalid Authentication, Check Authorization Key' });
        return json(200, { return: true, wallet: key === 'poor' ? '0.00' : '812.50', sms_count: 100 });
      }
      if (r.path === '/dev/bulkV2') {
        const key = String(req.headers.authorization);
        const b = JSON.parse(body || '{}') as { message?: string; numbers?: string };
        if (key === 'slow') return;
        if (key === 'bad')
          return json(401, { return: false, status_code: 412, message: 'Invalid Authentication, Check Authorization Key' });
        if (key === 'poor') return json(400, { return: false, status_code: 416, message: "You don't have sufficient wallet balance." });
        if (b.message === 'wrong')
          return json(400, { return: false, status_code: 424, message: 'Invalid Message ID (or Template, Entity ID)' });
        if (key === 'flaky' && !flakySeen.has(b.numbers ?? '')) {
          flakySeen.add(b.numbers ?? '');
          return json(500, { return: false, message: 'Internal error' });
        }
        return json(200, { return: true, request_id: `f2s-${crypto.randomUUID()}`, message: ['SMS sent successfully.'] });
      }
      // Textlocal
      if (r.path === '/balance/' || r.path === '/send/') {
        const key = form.get('apikey');
        if (key === 'slow') return;
        if (key === 'bad') return json(200, { errors: [{ code: 3, message: 'Invalid login details' }], status: 'failure' });
        if (r.path === '/balance/') return json(200, { balance: { sms: key === 'poor' ? 0 : 977 }, status: 'success' });
        if (key === 'poor') return json(200, { errors: [{ code: 7, message: 'Insufficient credits' }], status: 'failure' });
        if ((form.get('message') ?? '').includes('WRONG'))
          return json(200, { errors: [{ code: 80, message: 'Invalid template' }], status: 'failure' });
        return json(200, {
          status: 'success',
          batch_id: 77,
          messages: [{ id: `tl-${requests.length}`, recipient: Number(form.get('numbers')) }],
        });
      }
      json(404, { error: 'no such path' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sends: () => requests.filter((r) => ['/api/v5/flow/', '/dev/bulkV2', '/send/'].includes(r.path)),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
