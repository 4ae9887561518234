// TypeBox building blocks shared by every area's schema.ts: the envelope and paging shapes.
import { Type, type Static, type TSchema } from 'typebox';

/** The documented envelope `{ isSuccess, message, result }` around a result schema. */
export function Envelope<T extends TSchema>(result: T, options: { examples?: unknown[]; headers?: Record<string, object> } = {}) {
  return Type.Object({ isSuccess: Type.Boolean(), message: Type.String(), result }, options);
}

export const ErrorEnvelope = Type.Object(
  { isSuccess: Type.Literal(false), message: Type.String(), result: Type.Null() },
  { $id: 'ErrorEnvelope' },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** A reference to the shared ErrorEnvelope that carries its type, so the type provider checks
 *  what handlers answer against the route's success shape (a bare Type.Ref types as unknown). */
export const ErrorRef = () => Type.Unsafe<ErrorEnvelope>(Type.Ref('ErrorEnvelope'));

/** Error answers a route declares itself (404, 409, 502, 503…). Those that follow from its guard and
 *  body (400, 401, 403, 413, 415, 429, 500) are added to the document by plugins/openapi.ts. */
export function errors<S extends number>(...statuses: S[]) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorRef()])) as Record<S, ReturnType<typeof ErrorRef>>;
}

/** A file answer (PDF, Excel): not the envelope on success, the envelope on errors. */
export function fileResponse(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } };
}

/** The same operation under PUT and POST (the earlier client retries a 405 as POST): one operationId each. */
export function putAndPost<S extends object>(schema: S, operationId: string) {
  return { PUT: { ...schema, operationId }, POST: { ...schema, operationId: `${operationId}Post` } };
}

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Optimistic concurrency (lib/versions.ts): the ETag an editable record's answers carry… */
export const ETAG = {
  ETag: { type: 'string', description: 'The record’s version in quotes ("3"); send it back as If-Match on PUT' },
};
/** …and the If-Match a PUT may send back. Node joins a repeated header into one string, so this adds no refusal. */
export const IfMatchHeaders = Type.Object({
  'if-match': Type.Optional(
    Type.String({
      description:
        'The ETag the record was read with ("3"): if someone changed it since, 409 and nothing is written. ' +
        'Without it the fields sent are applied to the newest record.',
    }),
  ),
});

export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
    totalPages: Type.Integer(),
    totalCount: Type.Integer(),
    totalCapped: Type.Optional(Type.Boolean({ description: 'true when more rows matched than were counted (10,000): show "10,000+"' })),
  });

export const IntId = Type.Integer({ minimum: 1, maximum: 2147483647 });

export function ok<T>(result: T, message = 'Success') {
  return { isSuccess: true as const, message, result };
}
