import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { languageChanged } from '../i18n/languageSlice.js';
import { renderWithStore, signedInStore } from '../test/testKit.js';
import { DateRangeFields, isReversed, type DateRange } from './DateRangeFields.js';

describe('"Dal" / "Al"', () => {
  it('shows "Dal" after "Al" as a field error on "Dal"', () => {
    renderWithStore(
      signedInStore(),
      <DateRangeFields value={{ from: '2025-03-10', to: '2025-03-01' }} onChange={() => {}} />,
    );
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
    renderWithStore(
      signedInStore(),
      <DateRangeFields value={{ from: '2025-03-01', to: '2025-03-10' }} onChange={() => {}} />,
    );
    expect(screen.getByLabelText('Dal')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('La data iniziale deve precedere la finale')).toBeNull();
  });
});

const RANGE_ERROR = 'Inserisci una data tra il 01/01/1970 e il 31/12/2100';

function renderRange(value: DateRange, store = signedInStore()) {
  const onChange = vi.fn<(next: DateRange) => void>();
  renderWithStore(store, <DateRangeFields value={value} onChange={onChange} />);
  return onChange;
}

describe('"Dal" / "Al" in the console language, not the browser\'s', () => {
  it('shows and reads Italian days dd/mm/yyyy', () => {
    const onChange = renderRange({ from: '2025-03-10', to: '' });
    const from = screen.getByLabelText('Dal');
    expect(from).toHaveValue('10/03/2025');
    expect(from).toHaveAttribute('placeholder', 'gg/mm/aaaa');
    fireEvent.change(from, { target: { value: '01/03/2025' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2025-03-01', to: '' });
  });

  it('refuses a day outside 1970–2100 at once, and never passes it on', () => {
    const onChange = renderRange({ from: '', to: '' });
    fireEvent.change(screen.getByLabelText('Al'), { target: { value: '01/01/2101' } });
    expect(screen.getByLabelText('Al')).toHaveAccessibleDescription(RANGE_ERROR);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('says a text that is no day is wrong once the field is left, and passes nothing on', () => {
    const onChange = renderRange({ from: '', to: '' });
    const from = screen.getByLabelText('Dal');
    fireEvent.change(from, { target: { value: '31/02/2025' } });
    expect(from).toHaveAttribute('aria-invalid', 'false');
    fireEvent.blur(from);
    expect(from).toHaveAccessibleDescription(RANGE_ERROR);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("limits each calendar by the other day and the queries' dates", () => {
    renderRange({ from: '2025-03-01', to: '2025-03-10' });
    const [from, to] = document.querySelectorAll<HTMLInputElement>('input[type="date"]');
    expect([from?.min, from?.max, from?.value]).toEqual(['1970-01-01', '2025-03-10', '2025-03-01']);
    expect([to?.min, to?.max]).toEqual(['2025-03-01', '2100-12-31']);
    expect(screen.getAllByRole('button', { name: 'Apri il calendario' })).toHaveLength(2);
  });

  it('takes the day picked in the calendar', () => {
    const onChange = renderRange({ from: '', to: '' });
    const [from] = document.querySelectorAll<HTMLInputElement>('input[type="date"]');
    fireEvent.change(from!, { target: { value: '2025-03-05' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2025-03-05', to: '' });
  });

  it('follows the console switched to English: mm/dd/yyyy', async () => {
    const store = signedInStore();
    const onChange = renderRange({ from: '2025-03-10', to: '' }, store);
    act(() => {
      store.dispatch(languageChanged('en'));
    });
    const from = await screen.findByLabelText('From');
    await waitFor(() => expect(from).toHaveValue('03/10/2025'));
    expect(from).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    fireEvent.change(from, { target: { value: '03/01/2025' } });
    expect(onChange).toHaveBeenLastCalledWith({ from: '2025-03-01', to: '' });
  });
});
