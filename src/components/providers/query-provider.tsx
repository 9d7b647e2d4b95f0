'use client';
/**
 * The one TanStack Query client of the browser session, mounted in the main layout above the header and
 * the pages, so every surface shares its cache (keys per resource, e.g. `organisationProfileKey(id)`).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Pages hand their server-rendered data in as initial data; a refetch on focus keeps it fresh.
        staleTime: 5_000,
        retry: 1,
      },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
