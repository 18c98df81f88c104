import { Badge, Button } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { PageHeader } from './PageHeader.tsx';

describe('PageHeader', () => {
  it('gives the page its one h1, with the context under it and the primary action beside it', () => {
    renderWithProviders(
      <PageHeader
        title="Users" context="Everyone who signed up."
        badges={<Badge>Test mode</Badge>}
        actions={<Button>Create account</Button>}
      />,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Users' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const header = heading.closest('header') as HTMLElement;
    expect(within(header).getByText('Everyone who signed up.')).toBeTruthy();
    expect(within(header).getByText('Test mode')).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('names the heading by the title alone, so a badge beside it never changes how it is found', () => {
    renderWithProviders(<PageHeader title="example.com" badges={<Badge>active</Badge>} back={<a href="/domains">← My Domains</a>} />);
    expect(screen.getByRole('heading', { name: 'example.com' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← My Domains' })).toBeTruthy();
  });

  it('leaves out what a page does not have', () => {
    const { container } = renderWithProviders(<PageHeader title="Audit log" />);
    expect(container.querySelectorAll('button')).toHaveLength(0);
    expect(screen.getByRole('heading').textContent).toBe('Audit log');
  });

  it('lets the actions wrap under the title on a narrow screen instead of pushing the page sideways', () => {
    renderWithProviders(<PageHeader title="A rather long title for a phone" actions={<Button>Act</Button>} />);
    const header = screen.getByRole('heading').closest('header') as HTMLElement;
    expect(header.style.getPropertyValue('--group-wrap')).toBe('wrap');
    expect(within(header).getByRole('button', { name: 'Act' })).toBeTruthy();
    expect(screen.getByRole('heading').getAttribute('style')).toContain('overflow-wrap: anywhere');
  });
});
