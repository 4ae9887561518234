// The signing key screen's server data through TanStack Query.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchSigningKey, uploadSigningKey } from './api.ts';

export const useSigningKey = () => useQuery({ queryKey: ['signingKey'], queryFn: ({ signal }) => fetchSigningKey(signal) });

export function useUploadSigningKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, password }: { file: File; password: string }) => uploadSigningKey(file, password),
    onSuccess: ({ result }) => client.setQueryData(['signingKey'], result),
  });
}
