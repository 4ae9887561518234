// TypeBox building blocks shared by every area's schema.ts: the envelope and paging shapes.
import { Type, type TSchema } from 'typebox';

/** The documented envelope `{ isSuccess, message, result }` around a result schema. */
export function Envelope<T extends TSchema>(result: T) {
  return Type.Object({ isSuccess: Type.Boolean(), message: Type.String(), result });
}

export const ErrorEnvelope = Type.Object(
  { isSuccess: Type.Literal(false), message: Type.String(), result: Type.Null() },
  { $id: 'ErrorEnvelope' },
);

/** Responses every route may give besides its success shape. */
export const errorResponses = {
  400: Type.Ref('ErrorEnvelope'),
  401: Type.Ref('ErrorEnvelope'),
  403: Type.Ref('ErrorEnvelope'),
  404: Type.Ref('ErrorEnvelope'),
  429: Type.Ref('ErrorEnvelope'),
  500: Type.Ref('ErrorEnvelope'),
};

export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    pageNumber: Type.Integer(),
    pageSize: Type.Integer(),
    totalPages: Type.Integer(),
    totalCount: Type.Integer(),
  });

export const PageQuery = {
  pageNumber: Type.Integer({ minimum: 1, default: 1, description: 'Page, from 1' }),
  pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Rows a page (at most 100)' }),
};

export const IntId = Type.Integer({ minimum: 1, maximum: 2147483647 });

export function ok<T>(result: T, message = 'Success') {
  return { isSuccess: true as const, message, result };
}
