import './mantineStyles.ts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { z } from 'zod';
import { AppRoutes } from './router.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// The portal's CSP refuses eval. Unless told, zod tries `new Function` once to learn whether it may
// compile its parsers, and the browser reports the refusal as a CSP issue on every page that parses.
z.config({ jitless: true });

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 15_000 } },
});

const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React then renders in slices and yields to the browser
// between them, instead of blocking the main thread (input, paint) for the whole tree on a slow phone.
startTransition(() => {
  root.render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <SessionProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </SessionProvider>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
});
