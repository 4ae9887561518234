// The news staff screen's server data through TanStack Query (app/QueryProvider.tsx): the list and
// the saves that invalidate it. Apart from api.ts so the home page, which reads the news with plain
// fetchNews, does not load the query library.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createNews, deleteNews, fetchNews, updateNews, type NewsInput, type NewsItem } from './api.ts';

const newsKey = (userId: number) => ['news', userId] as const;

export const newsQuery = (userId: number) =>
  queryOptions({
    queryKey: newsKey(userId),
    queryFn: ({ signal }) => fetchNews(userId, signal),
  });

/** A council's news while `enabled`. */
export const useNews = (userId: number, enabled: boolean) => useQuery({ ...newsQuery(userId), enabled });

/** After a save the council's list is read afresh. */
function useRefreshNews(userId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: newsKey(userId) });
}

export function useCreateNews(userId: number) {
  const refresh = useRefreshNews(userId);
  return useMutation({ mutationFn: (input: NewsInput) => createNews(input), onSuccess: refresh });
}

export function useUpdateNews(userId: number) {
  const refresh = useRefreshNews(userId);
  // `version`: the one the row was read at (If-Match): a change saved meanwhile answers 409.
  return useMutation({
    mutationFn: ({ id, input, version }: { id: number; input: NewsInput; version?: number }) => updateNews(id, input, version),
    onSuccess: refresh,
  });
}

/** A deleted post leaves the list on screen at once, before the list is read again. */
export function useDeleteNews(userId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshNews(userId);
  return useMutation({
    mutationFn: (id: number) => deleteNews(id),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData(newsKey(userId), (list: NewsItem[] | undefined) => list?.filter((x) => x.blogId !== id));
      return refresh();
    },
  });
}
