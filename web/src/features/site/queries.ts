// The site profile staff screen's server data through TanStack Query (app/QueryProvider.tsx): the
// council's own profile and its save. Apart from api.ts so the public pages, which read the public
// profile with plain fetch, do not load the query library.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { councilIdOf } from '../../lib/session.ts';
import { fetchMyProfile, invalidateSiteProfile, saveMyProfile, type SiteProfileInput } from './api.ts';

const myProfileKey = (council: number) => ['siteProfile', council, 'mine'] as const;

export const myProfileQuery = () => queryOptions({
  queryKey: myProfileKey(councilIdOf()),
  queryFn: ({ signal }) => fetchMyProfile(signal),
});

export const useMyProfile = () => useQuery(myProfileQuery());

/** Saves the council's profile. The answer is the saved profile: it becomes the cached one, and the
 *  public pages' copy is dropped so they read the new one. */
export function useSaveMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SiteProfileInput) => saveMyProfile(body).then((e) => e.result),
    onSuccess: (saved) => {
      queryClient.setQueryData(myProfileKey(councilIdOf()), saved);
      invalidateSiteProfile();
    },
  });
}
