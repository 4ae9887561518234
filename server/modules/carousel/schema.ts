// Contract of /api/Corosal (the spec's spelling): home page slides.
import { Type, type Static } from 'typebox';
import { Envelope, IntId, errors, ok } from '../../lib/schema.ts';

export const CarouselItem = Type.Object({
  corosalId: Type.Integer(),
  imagePath: Type.String({ description: 'Path under the site root of the web version (WebP, at most 1600 px wide)' }),
  imagePathSmall: Type.String({ description: 'The 800 px version for phones' }),
  blogContent: Type.String({ description: 'Caption' }),
  createdByUserId: Type.Integer(),
});
export type CarouselItem = Static<typeof CarouselItem>;

const slidesExample = ok([
  {
    corosalId: 7,
    imagePath: '/uploads/carousel/3f2a9c1e5b7d4e6f8a0b1c2d3e4f5a6b.webp',
    imagePathSmall: '/uploads/carousel/3f2a9c1e5b7d4e6f8a0b1c2d3e4f5a6b-800.webp',
    blogContent: 'स्वच्छ गाव, सुंदर गाव: ग्रामपंचायत कार्यालय, पिंपळगाव',
    createdByUserId: 3,
  },
]);

export const UserParams = Type.Object({ userId: IntId });
export const IdParams = Type.Object({ corosalId: IntId });

export const listSchema = {
  operationId: 'getCorosalByUser',
  tags: ['Corosal'],
  summary: "A council's slides in slideshow order (public, no token); new uploads go last",
  params: UserParams,
  response: { 200: Envelope(Type.Array(CarouselItem), { examples: [slidesExample] }) },
};
export const uploadSchema = {
  operationId: 'createCorosal',
  tags: ['Corosal'],
  summary: 'Upload one or more slides (multipart/form-data)',
  description:
    'Parts: `ImageFile` (repeat for several images; JPEG, PNG or WebP, checked by content; each at most UPLOAD_LIMIT_MB, ' +
    'default 10 MB, else 413), `BlogContent` (one caption for all images, or one per image in order), `CreatedByUserId` ' +
    "(accepted and ignored: the token's council owns the slides). All or nothing: one bad file and none is kept.",
  consumes: ['multipart/form-data'],
  response: { 201: Envelope(Type.Array(CarouselItem)), ...errors(413, 503) },
};
export const deleteSchema = {
  operationId: 'deleteCorosal',
  tags: ['Corosal'],
  summary: 'Delete a slide of your council, and its files',
  params: IdParams,
  response: { 200: Envelope(Type.Object({ corosalId: Type.Integer() })), ...errors(404) },
};

export const OrderBody = Type.Object({
  corosalIds: Type.Array(IntId, { maxItems: 200, description: 'Every slide of your council, each once, in the new order' }),
});
export const orderSchema = {
  operationId: 'updateCorosalOrder',
  tags: ['Corosal'],
  summary: "Change the order of your council's slides",
  body: OrderBody,
  response: { 200: Envelope(Type.Array(CarouselItem)) },
};
