// The password screen's server data through TanStack Query.
import { useMutation, useQuery } from '@tanstack/react-query';
import { changePassword, fetchLiveApiTokenCount, type PasswordChange } from './api.ts';

export const useLiveApiTokenCount = () =>
  useQuery({ queryKey: ['apiTokens', 'live'], queryFn: ({ signal }) => fetchLiveApiTokenCount(signal) });

export const useChangePassword = () => useMutation({ mutationFn: (body: PasswordChange) => changePassword(body) });
