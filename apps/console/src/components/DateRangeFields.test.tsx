import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore, signedInStore } from '../test/testKit.js';
import { DateRangeFields, isReversed } from './DateRangeFields.js';

describe('"Dal" / "Al"', () => {
  it('shows "Dal" after "Al" as a field error on "Dal"', () => {
    renderWithStore(signedInStore(), <DateRangeFields value={{ from: '2025-03-10', to: '2025-03-01' }} onChange={() => {}} />);
    const from = screen.getByLabelText('Dal');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('La data iniziale deve precedere la finale');
  });

  it('says nothing for a range in order, one day, or an open end', () => {
    for (const range of [
      { from: '2025-03-01', to: '2025-03-10' },
      { from: '2025-03-01', to: '2025-03-01' },
      { from: '2025-03-10', to: '' },
    ]) {
      expect(isReversed(range)).toBe(false);
    }
    renderWithStore(signedInStore(), <DateRangeFields value={{ from: '2025-03-01', to: '2025-03-10' }} onChange={() => {}} />);
    expect(screen.getByLabelText('Dal')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('La data iniziale deve precedere la finale')).toBeNull();
  });
});
