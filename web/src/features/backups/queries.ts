// The backups through TanStack Query: the status the dashboard's card shows, and "back up now",
// which reads it afresh, also when refused (409: the nightly one was running, and may be done now).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createBackup, fetchBackups } from './api.ts';

const backupsKey = ['backups'] as const;

export const useBackups = () => useQuery({ queryKey: backupsKey, queryFn: ({ signal }) => fetchBackups(signal) });

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBackup, onSettled: () => queryClient.invalidateQueries({ queryKey: backupsKey }) });
}
