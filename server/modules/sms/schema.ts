// Contract of /api/Sms: balance, templates, preview, sending (gram sabha, dues) and the batches.
import { Type } from 'typebox';
import { Envelope, IntId, Paged, errors, ok } from '../../lib/schema.ts';

const tags = ['SMS'];
const Kind = Type.Union([Type.Literal('gramsabha'), Type.Literal('dues')], { description: 'gramsabha or dues' });
const Ignored = Type.Optional(Type.Unknown({ description: 'Ignored: the council of the token' }));
const Password = Type.Optional(Type.String({ maxLength: 200, description: 'The staff member’s own password, re-entered' }));
const DateField = Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD, not before today' }));
const TimeField = Type.Optional(Type.String({ maxLength: 20, description: 'HH:MM, 24 hours' }));

const Balance = Type.Object({ provider: Type.String(), balance: Type.String(), checkedAt: Type.String() });
export const balanceSchema = {
  operationId: 'getSmsBalance',
  tags,
  summary: 'Credits left at the configured gateway (read by the server, kept for a minute)',
  response: { 200: Envelope(Balance), ...errors(502) },
};

const Templates = Type.Object({
  gramsabha: Type.String(),
  dues: Type.String(),
  variables: Type.Record(Type.String(), Type.Array(Type.String())),
  versions: Type.Object(
    { gramsabha: Type.Integer({ minimum: 0 }), dues: Type.Integer({ minimum: 0 }) },
    {
      description:
        'Each wording’s version (0 while the default applies): send it as If-Match when saving that kind (409 when someone saved it since)',
    },
  ),
});
export const templatesSchema = {
  operationId: 'getSmsTemplates',
  tags,
  summary: 'The council’s notice templates, with the DLT variables each must keep',
  response: { 200: Envelope(Templates) },
};
export const saveTemplateSchema = {
  operationId: 'updateSmsTemplate',
  tags,
  summary:
    'Saves the wording of one notice; it must keep each DLT variable exactly once. With If-Match (that kind’s version; "0" for the default wording), 409 when someone saved it since',
  body: Type.Object({ kind: Kind, body: Type.String({ minLength: 1, maxLength: 1000 }), createdByUserId: Ignored }),
  response: { 200: Envelope(Templates), ...errors(409) },
};

const Skipped = Type.Object({ mobile: Type.String(), malmattaNo: Type.String(), reason: Type.String() });
const Preview = Type.Object({
  message: Type.String({ description: 'The first message as it goes out' }),
  length: Type.Integer(),
  segments: Type.Integer(),
  unicode: Type.Boolean(),
  recipients: Type.Integer(),
  totalSegments: Type.Integer({ description: 'Segments of all messages: the credit it costs' }),
  skipped: Type.Array(Skipped),
});
export const previewSchema = {
  operationId: 'previewSms',
  tags,
  summary: 'The message as it will go out, its length and segments, and how many mobiles get it',
  body: Type.Object({
    kind: Kind,
    date: DateField,
    time: TimeField,
    body: Type.Optional(Type.String({ maxLength: 1000, description: 'An unsaved wording to try' })),
    createdByUserId: Ignored,
  }),
  response: { 200: Envelope(Preview) },
};

const Queued = Type.Object({ batchId: Type.Integer(), recipients: Type.Integer(), segments: Type.Integer(), skipped: Type.Array(Skipped) });
export const gramsabhaSchema = {
  operationId: 'sendGramsabhaSms',
  tags,
  summary: 'Queues the gram sabha notice to every distinct active owner mobile of the council',
  body: Type.Object(
    { createdByUserId: Ignored, date: DateField, time: TimeField, password: Password },
    { examples: [{ date: '2026-12-02', time: '11:00', password: 'Pimpalgaon-2026' }] },
  ),
  // 503: password checks queued full (the password is checked as a login is).
  response: {
    202: Envelope(Queued, {
      examples: [
        ok(
          {
            batchId: 14,
            recipients: 212,
            segments: 424,
            skipped: [{ mobile: '98123', malmattaNo: '४५', reason: 'अवैध मोबाईल क्रमांक / invalid mobile' }],
          },
          'ग्रामसभा संदेश यशस्वीरीत्या पाठवला!',
        ),
      ],
    }),
    ...errors(503),
  },
};
export const duesSchema = {
  operationId: 'sendDuesSms',
  tags,
  summary: 'Queues a dues notice (property number and amount) to each owner with an outstanding total above zero',
  body: Type.Object({ createdByUserId: Ignored, password: Password }),
  // 503: password checks queued full (the password is checked as a login is).
  response: { 202: Envelope(Queued), ...errors(503) },
};

const summaryFields = {
  batchId: Type.Integer(),
  kind: Type.String(),
  provider: Type.String(),
  createdAt: Type.String(),
  segments: Type.Integer(),
  total: Type.Integer(),
  queued: Type.Integer(),
  sent: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
  skippedCount: Type.Integer(),
  status: Type.String({ description: 'sending, done, done-with-failures' }),
};
const BatchSummary = Type.Object(summaryFields);
export const batchesSchema = {
  operationId: 'getSmsBatches',
  tags,
  summary: 'The council’s batches, newest first, with counts per status',
  querystring: Type.Object({
    pageNumber: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    createdByUserId: Type.Optional(Type.Unknown({ description: 'The council the earlier client sends: another council’s id answers 404' })),
  }),
  response: { 200: Envelope(Paged(BatchSummary)), ...errors(404) },
};

const Message = Type.Object({
  messageId: Type.Integer(),
  mobile: Type.String(),
  malmattaNo: Type.String(),
  text: Type.String(),
  segments: Type.Integer(),
  status: Type.String({ description: 'queued, sent, delivered, failed' }),
  attempts: Type.Integer(),
  error: Type.String({ description: 'The gateway’s reason' }),
  providerId: Type.String(),
  sentAt: Type.Union([Type.String(), Type.Null()]),
});
const BatchParams = Type.Object({ id: IntId });
export const batchSchema = {
  operationId: 'getSmsBatch',
  tags,
  summary: 'One batch with each message and its status',
  params: BatchParams,
  response: {
    200: Envelope(Type.Object({ ...summaryFields, skipped: Type.Array(Skipped), messages: Type.Array(Message) })),
    ...errors(404),
  },
};
export const retrySchema = {
  operationId: 'retrySmsBatch',
  tags,
  summary: 'Queues the failed messages of a batch again',
  params: BatchParams,
  response: { 200: Envelope(Type.Object({ requeued: Type.Integer() })), ...errors(404) },
};

export const msg91DeliverySchema = {
  operationId: 'receiveMsg91Delivery',
  tags,
  summary: 'MSG91 delivery report webhook (JSON, v3 or the new webhook): marks a sent message delivered or failed',
  querystring: Type.Object({ token: Type.String({ maxLength: 200, description: 'SMS_WEBHOOK_TOKEN' }) }),
  body: Type.Object(
    {
      requestId: Type.Optional(Type.String({ maxLength: 100 })),
      number: Type.Optional(Type.String({ maxLength: 20 })),
      telNum: Type.Optional(Type.String({ maxLength: 20 })),
      status: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Integer({ minimum: 0, maximum: 1000 })])),
      desc: Type.Optional(Type.String({ maxLength: 500 })),
      failureReason: Type.Optional(Type.String({ maxLength: 500 })),
    },
    { additionalProperties: true },
  ),
  // 403: a wrong webhook token; 404: delivery reports are not configured (SMS_WEBHOOK_TOKEN).
  response: { 200: Envelope(Type.Object({ updated: Type.Integer() })), ...errors(403, 404) },
};
