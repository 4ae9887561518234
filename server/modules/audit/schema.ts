// Contract of GET /api/Audit (issue 28): the council's audit trail, newest first, paged.
import { Type, type Static } from 'typebox';
import { Envelope, Paged } from '../../lib/schema.ts';

const Name = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9]*$' });
const When = Type.String({
  maxLength: 40,
  description: 'YYYY-MM-DD (India time; `to` includes that whole day) or an ISO date-time with its zone',
});

export const AuditQuery = Type.Object(
  {
    entity: Type.Optional({ ...Name, description: 'A kind of record: BirthCertificate, Property, Owner, Payment, User…' }),
    entityId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        pattern: '^[A-Za-z0-9_.:-]+$',
        description: "With entity: that record's history, its own rows and those of its parts (a Property's owners and payments)",
      }),
    ),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 32, pattern: '^[a-z-]+$' })),
    from: Type.Optional(When),
    to: Type.Optional(When),
    pageNumber: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
  },
  { additionalProperties: false },
);
export type AuditQuery = Static<typeof AuditQuery>;

const Value = Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]);
export const AuditItem = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  actor: Type.Object({
    userId: Type.Union([Type.Integer(), Type.Null()], { description: 'The staff account; null: the portal itself (a scheduled job)' }),
    userName: Type.Union([Type.String(), Type.Null()]),
    tokenId: Type.Union([Type.Integer(), Type.Null()], { description: 'The API token that acted, if one did' }),
  }),
  address: Type.Union([Type.String(), Type.Null()]),
  entity: Type.String(),
  entityId: Type.Union([Type.String(), Type.Null()]),
  recordEntity: Type.Union([Type.String(), Type.Null()], { description: 'The register record it belongs to, when another' }),
  recordId: Type.Union([Type.String(), Type.Null()]),
  action: Type.String(),
  changes: Type.Union([Type.Record(Type.String(), Type.Object({ old: Value, new: Value })), Type.Null()], {
    description: 'Changed fields as old → new; Aadhaar numbers masked to the last four digits',
  }),
});
export type AuditItem = Static<typeof AuditItem>;

export const listSchema = {
  operationId: 'getAudit',
  tags: ['Audit'],
  summary: "Your council's audit trail, newest first: who changed what, when, from where (staff login only)",
  description:
    'Every create, update and delete of a register record, every payment, login, backup and restore appends one row; ' +
    'the rows can never be changed or removed (the database refuses it). Filter by entity and entityId for one record’s history.',
  querystring: AuditQuery,
  response: { 200: Envelope(Paged(AuditItem)) },
};
