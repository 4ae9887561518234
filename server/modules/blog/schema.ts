// Contract of /api/Blog: news items on the home page.
import { Type, type Static } from 'typebox';
import { ETAG, Envelope, IfMatchHeaders, IntId, errors, ok } from '../../lib/schema.ts';

export const BlogItem = Type.Object({
  blogId: Type.Integer(),
  blogTitle: Type.String(),
  blogContent: Type.String(),
  eventDate: Type.String({ format: 'date-time' }),
  createdByUserId: Type.Integer(),
  version: Type.Integer({
    description: 'Moves up on every change; send it back as If-Match on PUT (409 when someone changed the item since)',
  }),
});
export type BlogItem = Static<typeof BlogItem>;

const newsExample = {
  blogTitle: 'ग्रामसभा १५ ऑगस्ट',
  blogContent: 'सर्व ग्रामस्थांनी सकाळी ११ वाजता ग्रामपंचायत कार्यालयात उपस्थित राहावे.',
  eventDate: '2026-08-15',
};
const itemExample = { blogId: 11, ...newsExample, eventDate: '2026-08-15T00:00:00.000Z', createdByUserId: 3, version: 1 };

/** Strings arrive trimmed (route hook), so a title of spaces fails minLength as empty. */
export const BlogBody = Type.Object(
  {
    blogTitle: Type.String({ minLength: 1, maxLength: 300 }),
    blogContent: Type.String({ minLength: 1, maxLength: 20000 }),
    eventDate: Type.String({ minLength: 1, maxLength: 40, description: 'ISO date (2025-08-15) or date-time (2025-08-15T05:30:00.000Z)' }),
    createdByUserId: Type.Optional(
      Type.Union([Type.Integer(), Type.String({ maxLength: 20 }), Type.Null()], {
        description: "Sent by the spec's client; ignored: the token's council owns the item.",
      }),
    ),
  },
  { examples: [newsExample] },
);
export type BlogBody = Static<typeof BlogBody>;

export const UserParams = Type.Object({ userId: IntId });
export const IdParams = Type.Object({ id: IntId });

export const listSchema = {
  operationId: 'getBlogsByUser',
  tags: ['Blog'],
  summary: "A council's news, newest event first (public; a bearer token is accepted and not needed)",
  params: UserParams,
  response: { 200: Envelope(Type.Array(BlogItem), { examples: [ok([itemExample])] }) },
};
export const createSchema = {
  operationId: 'createBlog',
  tags: ['Blog'],
  summary: 'Add a news item',
  body: BlogBody,
  response: { 201: Envelope(BlogItem, { examples: [ok(itemExample, 'News item created')], headers: ETAG }) },
};
export const updateSchema = {
  operationId: 'updateBlog',
  tags: ['Blog'],
  summary: 'Change a news item of your council; with If-Match (its version), 409 when someone changed it since',
  params: IdParams,
  body: BlogBody,
  headers: IfMatchHeaders,
  response: { 200: Envelope(BlogItem, { headers: ETAG }), ...errors(404, 409) },
};
export const deleteSchema = {
  operationId: 'deleteBlog',
  tags: ['Blog'],
  summary: 'Delete a news item of your council',
  params: IdParams,
  response: { 200: Envelope(Type.Object({ blogId: Type.Integer() })), ...errors(404) },
};
