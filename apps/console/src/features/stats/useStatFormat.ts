import { useIntl } from 'react-intl';

/** No data: a dash, in every language. */
export const NO_DATA = '—';

/**
 * Seconds and percentages in the language on screen (Intl's own units and signs, so no
 * message is needed), one decimal, a dash for "no data".
 */
export function useStatFormat() {
  const intl = useIntl();
  const number = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 1 });
  return {
    number,
    seconds: (value: number | null) =>
      value === null
        ? NO_DATA
        : intl.formatNumber(value, {
            style: 'unit',
            unit: 'second',
            unitDisplay: 'short',
            maximumFractionDigits: 1,
          }),
    pct: (value: number | null) =>
      value === null
        ? NO_DATA
        : intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 1 }),
  };
}
