// The site profile staff screen's server data through TanStack Query (app/QueryProvider.tsx): the
// council's own profile and its save. Apart from api.ts so the public pages, which read the public
// profile with plain fetch, do not load the query library.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { councilIdOf } from '../../lib/session.ts';
import { fetchMyProfile, fetchSetupStatus, invalidateSiteProfile, saveMyProfile, type SiteProfileInput } from './api.ts';

const myProfileKey = (council: number) => ['siteProfile', council, 'mine'] as const;

export const myProfileQuery = () =>
  queryOptions({
    queryKey: myProfileKey(councilIdOf()),
    queryFn: ({ signal }) => fetchMyProfile(signal),
  });

export const useMyProfile = () => useQuery(myProfileQuery());

/** Saves the council's profile. The answer is the saved profile: it becomes the cached one, and the
 *  public pages' copy is dropped so they read the new one. */
export function useSaveMyProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    // `version` (If-Match): the one the form was opened at; a save made meanwhile answers 409.
    mutationFn: ({ version, ...body }: SiteProfileInput & { version?: number }) => saveMyProfile(body, version).then((e) => e.result),
    onSuccess: (saved) => {
      queryClient.setQueryData(myProfileKey(councilIdOf()), saved);
      invalidateSiteProfile();
      return queryClient.invalidateQueries({ queryKey: setupKey(councilIdOf()) });
    },
  });
}

const setupKey = (council: number) => ['siteProfile', council, 'setup'] as const;

/** The setup fields still empty and whether QR codes can reach the portal. */
export const setupStatusQuery = () =>
  queryOptions({
    queryKey: setupKey(councilIdOf()),
    queryFn: ({ signal }) => fetchSetupStatus(signal),
  });

export const useSetupStatus = () => useQuery(setupStatusQuery());
