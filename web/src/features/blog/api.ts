// News items (spec 3, 7): GET /api/Blog/by-user/{userId} (bearer when a session exists), POST /api/Blog,
// PUT and DELETE /api/Blog/{id}. Reads accept the spec's alternative field names. Plain calls: the
// home page's LatestNews uses them as they are, the staff screen through queries.ts.
import type { BlogBody, BlogItem } from '../../../../common/api-types.ts';
import { api } from '../../lib/api.ts';
import { preloaded } from '../../lib/preloaded.ts';

/** A news item as the server answers it; the spec's alternative shapes may lack the owner. */
export type NewsItem = Omit<BlogItem, 'createdByUserId' | 'version'> & Partial<Pick<BlogItem, 'createdByUserId' | 'version'>>;
export type NewsInput = BlogBody;

type Raw = Record<string, unknown>;
const first = (o: Raw, keys: string[]) => keys.map((k) => o[k]).find((v) => v !== undefined && v !== null && v !== '');

/** blogId (blog_id, id), blogTitle (blog_title, title; 'Untitled'), blogContent (blog_content, content), eventDate (event_date, created_at, createdAt). */
export function normaliseNews(o: Raw): NewsItem {
  return {
    blogId: Number(first(o, ['blogId', 'blog_id', 'id'])),
    blogTitle: String(first(o, ['blogTitle', 'blog_title', 'title']) ?? 'Untitled'),
    blogContent: String(first(o, ['blogContent', 'blog_content', 'content']) ?? ''),
    eventDate: String(first(o, ['eventDate', 'event_date', 'created_at', 'createdAt']) ?? ''),
    createdByUserId: o.createdByUserId === undefined ? undefined : Number(o.createdByUserId),
    version: typeof o.version === 'number' ? o.version : undefined,
  };
}

export const newsPath = (userId: number) => `/api/Blog/by-user/${userId}`;

/** The news the server read into the page, if it did. */
export function preloadedNews(userId: number): NewsItem[] | undefined {
  const list = preloaded<unknown>(newsPath(userId));
  return Array.isArray(list) ? list.map((o) => normaliseNews(o as Raw)) : undefined;
}

/** The list, as the envelope's result or a bare array (spec 7). */
export async function fetchNews(userId: number, signal?: AbortSignal): Promise<NewsItem[]> {
  const answer = (await api<unknown>(newsPath(userId), { signal })) as unknown;
  const list = Array.isArray(answer) ? answer : (answer as { result?: unknown }).result;
  if (!Array.isArray(list)) throw new Error('News read: result is not an array');
  return list.map((o) => normaliseNews(o as Raw));
}

export const createNews = (input: NewsInput) => api<NewsItem>('/api/Blog', { method: 'POST', body: input });
/** `version`: the one the item was read at; the server answers 409 when someone changed it since. */
export const updateNews = (id: number, input: NewsInput, version?: number) =>
  api<NewsItem>(`/api/Blog/${id}`, {
    method: 'PUT',
    body: input,
    headers: version === undefined ? undefined : { 'if-match': `"${version}"` },
  });
export const deleteNews = (id: number) => api<{ blogId: number }>(`/api/Blog/${id}`, { method: 'DELETE' });

/** A date input's yyyy-mm-dd as the ISO date-time the spec's client sent (midnight UTC of that day). */
export const dateToIso = (day: string) => `${day}T00:00:00.000Z`;
/** Back from the stored ISO value to the date input's yyyy-mm-dd. */
export const isoToDate = (iso: string) => /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0] ?? '';
