// The SMS gateways, one adapter each, chosen by SMS_PROVIDER. Each turns the gateway's answer into
// a sent message or a GatewayError in words a clerk can read; `transient` errors (timeouts,
// network, 5xx, 429) are retried with backoff, the others (bad key, no balance, DLT template
// mismatch) fail the message with the gateway's reason.
import type { SmsConfig } from '../../config.ts';

/** The notices a clerk sends, and the receipt SMS after a payment taken from the bank statement (issue 30). */
export type SmsKind = 'gramsabha' | 'dues' | 'receipt';

export interface OutgoingSms {
  mobile: string;
  kind: SmsKind;
  text: string;
  /** The DLT template's variables in order. */
  variables: string[];
}

export interface SmsGateway {
  readonly name: SmsConfig['provider'];
  /** Credits left (SMS count, or rupees where the gateway keeps a wallet). */
  balance(): Promise<string>;
  /** Hands one message to the gateway; answers its id for the message. */
  send(sms: OutgoingSms): Promise<{ providerId: string }>;
}

export class GatewayError extends Error {
  constructor(
    message: string,
    public transient: boolean,
  ) {
    super(message);
  }
}

const DEFAULT_URLS = {
  msg91: 'https://control.msg91.com',
  fast2sms: 'https://www.fast2sms.com',
  textlocal: 'https://api.textlocal.in',
} as const;

/** One HTTP call with a time limit; network trouble and 5xx/429 answers are transient. */
async function call(config: SmsConfig, url: string, init: RequestInit = {}): Promise<{ status: number; body: string }> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
  } catch (err) {
    const e = err as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError')
      throw new GatewayError(`SMS gateway did not answer within ${Math.round(config.timeoutMs / 1000)} s (timeout)`, true);
    throw new GatewayError(`SMS gateway could not be reached: ${(e.cause as Error | undefined)?.message ?? e.message}`, true);
  }
  const body = await res.text();
  if (res.status >= 500 || res.status === 429) throw new GatewayError(`SMS gateway answered ${res.status}: ${body.slice(0, 200)}`, true);
  return { status: res.status, body };
}

function json(body: string): Record<string, unknown> {
  try {
    const v = JSON.parse(body) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : { value: v };
  } catch {
    return { raw: body };
  }
}

const text = (v: unknown): string =>
  Array.isArray(v) ? v.map(text).join('; ') : typeof v === 'object' && v ? JSON.stringify(v) : String(v ?? '');
const with91 = (mobile: string) => `91${mobile}`;

/** No gateway: the message is kept in the database, marked sent to the log. */
export function logGateway(): SmsGateway {
  let n = 0;
  return {
    name: 'log',
    async balance() {
      return 'unlimited';
    },
    async send() {
      return { providerId: `log-${Date.now().toString(36)}-${++n}` };
    },
  };
}

/** MSG91 flow API: authkey header, the DLT template as a flow, recipients with var1, var2 … */
export function msg91Gateway(config: SmsConfig): SmsGateway {
  const base = config.gatewayUrl ?? DEFAULT_URLS.msg91;
  return {
    name: 'msg91',
    async balance() {
      const { status, body } = await call(config, `${base}/api/balance.php?authkey=${encodeURIComponent(config.apiKey)}&type=4`);
      const trimmed = body.trim();
      if (status === 200 && /^-?\d+(\.\d+)?$/.test(trimmed)) return trimmed;
      const j = json(body);
      throw new GatewayError(`MSG91: ${text(j.msg ?? j.message ?? trimmed) || `HTTP ${status}`}`, false);
    },
    async send(sms) {
      const recipient: Record<string, string> = { mobiles: with91(sms.mobile) };
      sms.variables.forEach((v, i) => {
        recipient[`var${i + 1}`] = v;
      });
      const { status, body } = await call(config, `${base}/api/v5/flow/`, {
        method: 'POST',
        headers: { authkey: config.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          template_id: config.templateIds[sms.kind],
          sender: config.senderId || undefined,
          DLT_TE_ID: config.entityId || undefined,
          short_url: '0',
          recipients: [recipient],
        }),
      });
      const j = json(body);
      if (status === 200 && j.type === 'success') return { providerId: text(j.message ?? j.request_id) };
      throw new GatewayError(`MSG91: ${text(j.message ?? j.msg ?? j.raw) || `HTTP ${status}`}`, false);
    },
  };
}

/** Fast2SMS DLT route: authorization header, sender id, DLT template (message) id, variables joined by |. */
export function fast2smsGateway(config: SmsConfig): SmsGateway {
  const base = config.gatewayUrl ?? DEFAULT_URLS.fast2sms;
  return {
    name: 'fast2sms',
    async balance() {
      const { status, body } = await call(config, `${base}/dev/wallet`, { headers: { authorization: config.apiKey } });
      const j = json(body);
      if (status === 200 && j.return === true && j.wallet !== undefined) return text(j.wallet);
      throw new GatewayError(`Fast2SMS: ${text(j.message ?? j.raw) || `HTTP ${status}`}`, false);
    },
    async send(sms) {
      const { status, body } = await call(config, `${base}/dev/bulkV2`, {
        method: 'POST',
        headers: { authorization: config.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({
          route: 'dlt',
          sender_id: config.senderId,
          message: config.templateIds[sms.kind],
          entity_id: config.entityId || undefined,
          variables_values: sms.variables.join('|'),
          numbers: sms.mobile,
          flash: 0,
        }),
      });
      const j = json(body);
      if (status === 200 && j.return === true) return { providerId: text(j.request_id) };
      throw new GatewayError(`Fast2SMS: ${text(j.message ?? j.raw) || `HTTP ${status}`}`, false);
    },
  };
}

/** Textlocal: form posts with the API key; the full text goes out and must match the DLT template. */
export function textlocalGateway(config: SmsConfig): SmsGateway {
  const base = config.gatewayUrl ?? DEFAULT_URLS.textlocal;
  const failure = (j: Record<string, unknown>, status: number) => {
    const errors = Array.isArray(j.errors) ? (j.errors as { code?: number; message?: string }[]) : [];
    return `Textlocal: ${errors.map((e) => `${e.message ?? ''}${e.code !== undefined ? ` (code ${e.code})` : ''}`).join('; ') || text(j.raw) || `HTTP ${status}`}`;
  };
  return {
    name: 'textlocal',
    async balance() {
      const { status, body } = await call(config, `${base}/balance/`, {
        method: 'POST',
        body: new URLSearchParams({ apikey: config.apiKey }),
      });
      const j = json(body);
      const sms = (j.balance as { sms?: unknown } | undefined)?.sms;
      if (status === 200 && j.status === 'success' && sms !== undefined) return text(sms);
      throw new GatewayError(failure(j, status), false);
    },
    async send(sms) {
      const form = new URLSearchParams({
        apikey: config.apiKey,
        numbers: with91(sms.mobile),
        sender: config.senderId,
        message: sms.text,
        unicode: 'true',
      });
      const { status, body } = await call(config, `${base}/send/`, { method: 'POST', body: form });
      const j = json(body);
      if (status === 200 && j.status === 'success') {
        const first = Array.isArray(j.messages) ? (j.messages[0] as { id?: unknown } | undefined) : undefined;
        return { providerId: text(first?.id ?? j.batch_id) };
      }
      throw new GatewayError(failure(j, status), false);
    },
  };
}

export function gatewayFor(config: SmsConfig): SmsGateway {
  switch (config.provider) {
    case 'msg91':
      return msg91Gateway(config);
    case 'fast2sms':
      return fast2smsGateway(config);
    case 'textlocal':
      return textlocalGateway(config);
    default:
      return logGateway();
  }
}
