import { QueryClient } from '@tanstack/react-query';

/** One client for the app; route loaders use it too (ensureQueryData) so pages never fetch twice. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: 1,
      refetchOnWindowFocus: false,
    },
  },
});
