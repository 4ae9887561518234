// The slides staff screen's server data through TanStack Query (app/QueryProvider.tsx): the list and
// the upload and delete that invalidate it. Apart from api.ts so the home page, which reads the
// slides with plain fetch, does not load the query library.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteSlide, fetchSlides, saveSlideOrder, uploadSlides, type Slide } from './api.ts';

const slidesKey = (userId: number) => ['slides', userId] as const;

export const slidesQuery = (userId: number) =>
  queryOptions({
    queryKey: slidesKey(userId),
    queryFn: ({ signal }) => fetchSlides(userId, signal),
  });

/** A council's slides while `enabled`. */
export const useSlides = (userId: number, enabled: boolean) => useQuery({ ...slidesQuery(userId), enabled });

/** After an upload or a delete the council's slides are read afresh. */
function useRefreshSlides(userId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: slidesKey(userId) });
}

export function useUploadSlides(userId: number) {
  const refresh = useRefreshSlides(userId);
  return useMutation({
    mutationFn: ({ files, content }: { files: File[]; content: string }) => uploadSlides(files, content, userId),
    onSuccess: refresh,
  });
}

/** A deleted slide leaves the grid at once, before the slides are read again. */
export function useDeleteSlide(userId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshSlides(userId);
  return useMutation({
    mutationFn: (corosalId: number) => deleteSlide(corosalId),
    onSuccess: (_answer, corosalId) => {
      queryClient.setQueryData(slidesKey(userId), (list: Slide[] | undefined) => list?.filter((x) => x.corosalId !== corosalId));
      return refresh();
    },
  });
}

/** Saves a new order. The grid shows it at once; the answer (the saved order) replaces it, and a
 *  refused save puts the server's order back. */
export function useReorderSlides(userId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshSlides(userId);
  return useMutation({
    mutationFn: (slides: Slide[]) => saveSlideOrder(slides.map((s) => s.corosalId)).then((e) => e.result),
    onMutate: async (slides) => {
      await queryClient.cancelQueries({ queryKey: slidesKey(userId) });
      queryClient.setQueryData(slidesKey(userId), slides);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(slidesKey(userId), saved);
    },
    onSettled: refresh,
  });
}
