// TypeBox building blocks shared by every area's schema.ts: the envelope and paging shapes.
import { Type, type Static, type TSchema } from 'typebox';

/** The documented envelope `{ isSuccess, message, result }` around a result schema. */
export function Envelope<T extends TSchema>(result: T) {
  return Type.Object({ isSuccess: Type.Boolean(), message: Type.String(), result });
}

export const ErrorEnvelope = Type.Object(
  { isSuccess: Type.Literal(false), message: Type.String(), result: Type.Null() },
  { $id: 'ErrorEnvelope' },
);
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** A reference to the shared ErrorEnvelope that carries its type, so the type provider checks
 *  what handlers answer against the route's success shape (a bare Type.Ref types as unknown). */
export const ErrorRef = () => Type.Unsafe<ErrorEnvelope>(Type.Ref('ErrorEnvelope'));

/** Responses every route may give besides its success shape. */
export const errorResponses = {
  400: ErrorRef(),
  401: ErrorRef(),
  403: ErrorRef(),
  404: ErrorRef(),
  429: ErrorRef(),
  500: ErrorRef(),
};

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
