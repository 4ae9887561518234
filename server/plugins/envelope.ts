// One error handler for the whole API: every error becomes `{ isSuccess: false, message, result: null }`
// with the right status. 5xx details go to the log only.
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, Busy, TooMany } from '../lib/errors.ts';
import { ErrorEnvelope } from '../lib/schema.ts';
import { MULTIPART_LIMITS } from '../lib/uploads.ts';

export function sendError(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).type('application/json; charset=utf-8').send({ isSuccess: false, message, result: null });
}

/** Turns an ajv error list into one sentence a clerk can act on, naming the field. */
function validationMessage(err: FastifyError): string {
  const first = err.validation?.[0];
  if (!first) return err.message;
  const where = (first.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
  const params = first.params as Record<string, unknown>;
  const field = (params.missingProperty as string) || (params.additionalProperty as string) || where || err.validationContext || 'request';
  let what = first.message ?? 'is not valid';
  if (first.keyword === 'required') what = 'is required';
  else if (first.keyword === 'additionalProperties') what = 'is not an accepted field';
  else if (first.keyword === 'minLength' && params.limit === 1) what = 'must not be empty';
  return `${field}: ${what}`;
}

const MULTIPART_MESSAGES: Record<string, [number, string]> = {
  FST_FILES_LIMIT: [413, `Too many files: at most ${MULTIPART_LIMITS.files} in one upload.`],
  FST_FIELDS_LIMIT: [413, `Too many form fields: at most ${MULTIPART_LIMITS.fields} in one upload.`],
  FST_PARTS_LIMIT: [413, 'Too many parts in one upload.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Send this as multipart/form-data.'],
};

/** busboy's own errors (plain Errors, no status) for a body it cannot read. */
function brokenMultipart(err: Error): string | undefined {
  if (/^Multipart: Boundary not found/.test(err.message))
    return 'The upload has no multipart boundary: send it as multipart/form-data from the form.';
  if (/unexpected end of (multipart data|form)|^Malformed part header|^Malformed urlencoded form/i.test(err.message))
    return 'The upload was cut off or is malformed: please send the form again.';
  return undefined;
}

/** Node's HTTP parser refuses a request before Fastify sees it (a URL or headers over 16 KB, a
 *  malformed request line); this answers it with the envelope instead of Node's own JSON. */
export function clientErrorEnvelope(err: Error & { code?: string }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'The address or the headers of the request are too long.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'The request took too long to arrive.']
        : [400, 'Bad Request', 'The request is malformed.'];
  const body = JSON.stringify({ isSuccess: false, message, result: null });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The router's own refusals, made before any route or hook runs: a path whose percent-encoding is
 *  broken (`/api/Blog/%FF`) and a path parameter longer than the router keeps (100 characters).
 *  Fastify answers them in JSON of its own; here they are the envelope like every other error. */
export function frameworkErrorEnvelope(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return sendError(reply, 414, 'A part of the address is too long: at most 100 characters between two slashes.');
  if (err.code === 'FST_ERR_BAD_URL')
    return sendError(reply, 400, 'The address holds a broken character code (such as %FF): check the link and try again.');
  return sendError(reply, err.statusCode && err.statusCode < 500 ? err.statusCode : 400, 'The address of the request is malformed.');
}

const PRISMA_MESSAGES: Record<string, [number, string]> = {
  P2002: [409, 'A record with the same value already exists.'],
  P2025: [404, 'Record not found.'],
  P2003: [400, 'A linked record does not exist.'],
};

/** How long a client is told to wait when the database cannot be reached. */
const DATABASE_RETRY_SECONDS = 30;
const UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TlsConnectionError',
  'DatabaseDoesNotExist',
  'AuthenticationFailed',
]);
/** Prisma's codes for a server it cannot reach, a timeout or a closed connection, and its pool's timeout. */
const UNREACHABLE_PRISMA = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/** node-postgres (plain SQL, server/db/open.ts): the socket's errors, and PostgreSQL shutting down,
 *  starting up or out of connections. */
const UNREACHABLE_PG = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

/** What databaseUnavailable reads of an error and of each of its causes. */
interface ErrorLike {
  code?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: string; code?: string } } };
  cause?: unknown;
  message?: unknown;
}

/** Whether an error says the database is down or unreachable (not that a query was wrong): a 503 the
 *  client may retry, not a 500. */
export function databaseUnavailable(err: unknown): boolean {
  for (let e = err as ErrorLike | undefined, depth = 0; e && depth < 5; e = e.cause as ErrorLike | undefined, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNREACHABLE_PRISMA.has(code) || UNREACHABLE_PG.has(code)) return true;
    const cause = e.meta?.driverAdapterError?.cause;
    if (cause?.kind && UNREACHABLE_KINDS.has(cause.kind)) return true;
    if (cause?.kind === 'postgres' && cause.code && UNREACHABLE_PG.has(cause.code)) return true;
    if (typeof e.message === 'string' && /^Connection terminated( unexpectedly| due to connection timeout)?$/.test(e.message)) return true;
  }
  return false;
}

export default fp(async function envelope(app: FastifyInstance) {
  app.addSchema(ErrorEnvelope);

  app.setErrorHandler((err: FastifyError & { code?: string }, request, reply) => {
    if (err instanceof AppError) {
      if (err instanceof TooMany || err instanceof Busy) reply.header('retry-after', String(err.retryAfterSeconds));
      // "password: must be at least 10…" reads well; a full sentence is left as it is.
      const message = err.field && /^[a-z]/.test(err.message) ? `${err.field}: ${err.message}` : err.message;
      return sendError(reply, err.statusCode, message);
    }
    if (err.validation) return sendError(reply, 400, validationMessage(err));
    if (databaseUnavailable(err)) {
      request.log.error({ err }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_SECONDS));
      return sendError(reply, 503, 'The database is not answering. Please try again in a minute; if it persists, tell the administrator.');
    }
    const code = err.code ?? '';
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (err instanceof SyntaxError && err.statusCode === 400))
      return sendError(reply, 400, 'The request body is not valid JSON.');
    if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return sendError(reply, 400, 'The request body is empty; JSON was expected.');
    if (code in MULTIPART_MESSAGES) {
      const [status, message] = MULTIPART_MESSAGES[code];
      return sendError(reply, status, message);
    }
    const broken = !err.statusCode && brokenMultipart(err);
    if (broken) return sendError(reply, 400, broken);
    if (err.statusCode === 413 || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return sendError(reply, 413, 'The upload is too large.');
    if (err.statusCode === 415) return sendError(reply, 415, 'Unsupported content type.');
    if (code in PRISMA_MESSAGES) {
      const [status, message] = PRISMA_MESSAGES[code];
      return sendError(reply, status, message);
    }
    if (err.statusCode === 401) return sendError(reply, 401, 'Please log in again: the session is missing, invalid or expired.');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return sendError(reply, err.statusCode, err.message);
    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 500, 'Something went wrong on the server. Please try again; if it persists, tell the administrator.');
  });
});
