import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { DomainStatusBadge } from '../../pages/domains/list/DomainStatusBadge.tsx';
import { TicketStatusBadge } from './TicketStatusBadge.tsx';

describe('status badges show words, not stored values', () => {
  it('a ticket waiting on staff reads "Customer reply", never customer-reply', () => {
    renderWithProviders(<><TicketStatusBadge status="customer-reply" /><TicketStatusBadge status={null} /></>);
    expect(screen.getByText('Customer reply')).toBeTruthy();
    expect(screen.getByText('Unknown')).toBeTruthy();
    expect(screen.queryByText(/customer-reply/)).toBeNull();
  });

  it('a domain\'s status reads as a word', () => {
    renderWithProviders(<DomainStatusBadge status="suspended" expirationDate={null} />);
    expect(screen.getByText('Suspended')).toBeTruthy();
  });
});
