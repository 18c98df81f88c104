import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { NoticePage } from './NoticePage.tsx';

describe('NoticePage', () => {
  it('gives the stand-in page its h1 in the page header, the reason under it and the ways on after the detail', () => {
    renderWithProviders(
      <NoticePage title="Access denied" context="This area is for platform administrators." actions={<Button>Retry</Button>}>
        <p>Could not check your access.</p>
      </NoticePage>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Access denied' });
    expect(heading.closest('header')?.textContent).toContain('This area is for platform administrators.');
    const detail = screen.getByText('Could not check your access.');
    const retry = screen.getByRole('button', { name: 'Retry' });
    expect(heading.compareDocumentPosition(detail) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(detail.compareDocumentPosition(retry) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('leaves the context line out when the detail says why', () => {
    renderWithProviders(<NoticePage title="404 - Page Not Found" actions={<Button>Go to Homepage</Button>} />);
    expect(screen.getByRole('heading').closest('header')?.textContent).toBe('404 - Page Not Found');
  });
});
