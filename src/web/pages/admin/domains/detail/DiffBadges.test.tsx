import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../testing/renderWithProviders.tsx';
import { DiffBadges } from './DiffBadges.tsx';

describe('DiffBadges', () => {
  it('says a field matches only when a source answered with the same value', () => {
    renderWithProviders(<DiffBadges diff={{ conflict: false, changed: false, supplier: '2027-01-01', whois: null }} />);
    expect(screen.getByText('Matches')).toBeTruthy();
  });

  it('says "Not compared" when neither the supplier nor the registry gave a value', () => {
    renderWithProviders(<DiffBadges diff={{ conflict: false, changed: false, supplier: null, whois: null }} />);
    expect(screen.getByText('Not compared')).toBeTruthy();
    expect(screen.queryByText('Matches')).toBeNull();
  });
});
