import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { theme } from '../theme.ts';

function LocationProbe({ onChange }: { onChange(search: string): void }) {
  const { search } = useLocation();
  useEffect(() => onChange(search), [search, onChange]);
  return null;
}

/**
 * Renders `ui` as the app does (Mantine, a query client, a router at `path`), rerenders included;
 * `search()` is the address's query string as the component last left it.
 */
export function renderWithProviders(ui: ReactElement, { path = '/' } = {}) {
  // The document's address is the router's, as in the app (lists check it before writing theirs).
  window.history.replaceState(null, '', path);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let current = new URL(path, 'http://localhost').search;
  const onChange = (search: string) => {
    current = search;
  };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {children}
          <LocationProbe onChange={onChange} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>
  );
  return { ...render(ui, { wrapper }), search: () => current };
}
