// The backups through TanStack Query: the status the dashboard's card shows, and "back up now",
// which reads it afresh.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createBackup, fetchBackups } from './api.ts';

const backupsKey = ['backups'] as const;

export const useBackups = () => useQuery({ queryKey: backupsKey, queryFn: ({ signal }) => fetchBackups(signal) });

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBackup, onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsKey }) });
}
