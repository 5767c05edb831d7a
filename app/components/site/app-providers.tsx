import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { PageToaster } from './page-toaster'

/**
 * SPEC.md section 7: no retries, data never stale, no refetch on focus unless a query asks. A change is
 * sent even offline (networkMode 'always'), so it fails at once with the words the API client gives it
 * (app/lib/api.ts), instead of waiting, paused, for a network that may never come back in time.
 */
function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false, networkMode: 'always' },
    },
  })
}

/** TanStack Query and the toast viewport (loaded when first needed), for the pages that fetch or toast (booking, login, admin, ...). */
export default function AppProviders({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(makeQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <PageToaster />
    </QueryClientProvider>
  )
}
