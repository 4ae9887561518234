// The one TanStack Query client, for the staff screens: it caches server data per query key,
// retries failed reads that may pass (lib/retry.ts) and lets a save invalidate what it changed.
// It lives in the staff layout (lazy), so the public pages, which read with plain fetch, do not
// carry the library; a new client per staff session, so nothing cached outlives a logout.
// It also holds the staff screens' snackbar and confirmation dialog (components/feedback).
import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { retryDelay, shouldRetryRead } from '../lib/retry.ts';
import { FeedbackProvider } from '../components/feedback/FeedbackProvider.tsx';

export function newQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // A clerk coming back to the window does not want a list to move under the cursor.
      queries: { retry: shouldRetryRead, retryDelay, refetchOnWindowFocus: false },
      // A save is never sent twice by the library: the clerk decides.
      mutations: { retry: false },
    },
  });
}

export default function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(newQueryClient);
  return (
    <QueryClientProvider client={client}>
      <FeedbackProvider>{children}</FeedbackProvider>
    </QueryClientProvider>
  );
}
