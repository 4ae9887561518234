// Home page slides (spec 3, 7): GET /api/Corosal/by-user/{userId} without a token (in slideshow
// order), POST multipart (one ImageFile part per image), DELETE /api/Corosal/{corosalId}, and
// PUT /api/Corosal/order (our addition, issue 14) with every slide of the council in the new order.
// Plain calls: the home page uses them as they are, the staff screen through queries.ts.
import type { CarouselItem } from '../../../../common/api-types.ts';
import { api, apiUrl } from '../../lib/api.ts';
import { preloaded } from '../../lib/preloaded.ts';

/** imagePathSmall is the 800 px version for phones (our addition). */
export type Slide = CarouselItem;

/** The image address: the API base plus imagePath (spec 3). */
export const imageUrl = (path: string) => (/^(https?:|data:|blob:)/.test(path) ? path : apiUrl(path));

export const slidesPath = (userId: number) => `/api/Corosal/by-user/${userId}`;

/** The slides the server read into the page, if it did. */
export const preloadedSlides = (userId: number) => preloaded<Slide[]>(slidesPath(userId));

/** Public read: never sends the token, so a stale session cannot break the home page. */
export async function fetchSlides(userId: number, signal?: AbortSignal): Promise<Slide[]> {
  const envelope = await api<Slide[]>(slidesPath(userId), { auth: false, signal });
  if (!Array.isArray(envelope.result)) throw new Error('Carousel read: result is not an array');
  return envelope.result;
}

// The home page starts reading the slides before React renders (see app/HomeRoute.tsx); the carousel
// then takes that answer once. Later visits to / read afresh, so a new upload shows at once.
let early: { userId: number; slides: Promise<Slide[]> } | null = null;

export function prefetchSlides(userId: number) {
  const slides = fetchSlides(userId);
  early = { userId, slides };
  slides.then(
    (list) => {
      if (list[0]) preloadImage(list[0]);
    },
    () => {
      /* the carousel reports it */
    },
  );
}

export function takeSlides(userId: number): Promise<Slide[]> {
  if (early?.userId === userId) {
    const { slides } = early;
    early = null;
    return slides;
  }
  return fetchSlides(userId);
}

/** srcset and sizes of a slide: the 800 px file on phones, the 1600 px one on wider screens. */
export function slideSources(slide: Slide) {
  const src = imageUrl(slide.imagePath);
  const small = slide.imagePathSmall ? imageUrl(slide.imagePathSmall) : '';
  return { src, srcSet: small && small !== src ? `${small} 800w, ${src} 1600w` : undefined, sizes: '100vw' };
}

/** The first slide is the largest thing on the page: ask for it as soon as its address is known. */
function preloadImage(slide: Slide) {
  const { src, srcSet, sizes } = slideSources(slide);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = src;
  if (srcSet) {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', sizes);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

export function uploadSlides(files: File[], content: string, userId: number) {
  const form = new FormData();
  for (const file of files) form.append('ImageFile', file);
  form.append('BlogContent', content);
  form.append('CreatedByUserId', String(userId));
  return api<Slide[]>('/api/Corosal', { method: 'POST', body: form });
}

export function deleteSlide(corosalId: number) {
  return api<{ corosalId: number }>(`/api/Corosal/${corosalId}`, { method: 'DELETE' });
}

export function saveSlideOrder(corosalIds: number[]) {
  return api<Slide[]>('/api/Corosal/order', { method: 'PUT', body: { corosalIds } });
}
