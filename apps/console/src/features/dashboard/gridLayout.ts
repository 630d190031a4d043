import type { Device } from '@sos/contract';
import type { RootState } from '../../store/store.js';
import { hasOpenSos } from '../../entities/devices/deviceOrder.js';
import { selectDeviceById, selectOrder } from '../../entities/devices/devicesSlice.js';

/*
 * The dashboard grid's geometry, known without measuring anything: a card's height does
 * not depend on the screen or the text (names take at most two lines, every other line
 * one), so every row's place is arithmetic. Measuring rows as they mount (a forced layout
 * each, then moving every row below) was what made scrolling 10,000 devices drop frames.
 * Cards are sized in rem (cardStyles, AlertCard): the arithmetic takes its unit from the
 * root font size, so at a 200 % text size the cards grow with their text (WCAG 1.4.4).
 */

export const GAP_PX = 16;
/** Heights in rem of the card parts the card styles fix (cardStyles.tsx, AlertCard.tsx). */
export const CARD_REM = {
  /** An h6 name (1.25rem) clamped to two lines of 1.3. */
  name: 3.25,
  /** A body2 line: 0.875rem × 1.43. */
  line: 1.25125,
  /** An alert card's button: 0.875rem × 1.75 plus 0.375rem above and below. */
  button: 2.28125,
} as const;
/** A plain card: 1rem padding, the name, the serial line, 1.5rem padding; plus 1 px borders. */
export const PLAIN_CARD_REM = 1 + CARD_REM.name + CARD_REM.line + 1.5;
const PLAIN_BORDER_PX = 2;
/**
 * An alert card: 1rem padding, the name, 0.5rem, the time line, the age and status line,
 * 0.75rem, the button, 1rem padding.
 */
export const ALERT_CARD_REM =
  1 + CARD_REM.name + 0.5 + 2 * CARD_REM.line + 0.75 + CARD_REM.button + 1;

/** The card heights for a root font size. */
export const plainCardPx = (rootPx = 16) => PLAIN_CARD_REM * rootPx + PLAIN_BORDER_PX;
export const alertCardPx = (rootPx = 16) => ALERT_CARD_REM * rootPx;
/** At the browsers' default 16 px root. */
export const PLAIN_CARD_PX = plainCardPx();
export const ALERT_CARD_PX = alertCardPx();
/** Row pitches, rounded to whole pixels as the measured rows were: rows start on a pixel. */
const plainRowPx = (layout: GridLayout) => Math.round(plainCardPx(layout.rootPx) + GAP_PX);
const alertRowPx = (layout: GridLayout) => Math.round(alertCardPx(layout.rootPx) + GAP_PX);

export interface GridLayout {
  /** Devices shown. */
  count: number;
  columns: number;
  /** Devices with an open SOS: they sort first, so they fill the first rows. */
  alerts: number;
  /** The root font size in px (16 when not given). */
  rootPx?: number;
}

export const rowCount = ({ count, columns }: GridLayout) => Math.ceil(count / columns);

/** Rows holding at least one alert card: every card of such a row is as tall as an alert. */
export const alertRowCount = ({ alerts, columns }: GridLayout) => Math.ceil(alerts / columns);

export const cardHeight = (layout: GridLayout, row: number) =>
  row < alertRowCount(layout) ? alertCardPx(layout.rootPx) : plainCardPx(layout.rootPx);

/** Where a row starts, from the top of the grid. */
export function rowTop(layout: GridLayout, row: number): number {
  const alertRows = Math.min(row, alertRowCount(layout));
  return alertRows * alertRowPx(layout) + (row - alertRows) * plainRowPx(layout);
}

/** The whole grid's height (each row, the last included, ends with its gap, as before). */
export const gridHeight = (layout: GridLayout) => rowTop(layout, rowCount(layout));

/** The row at a vertical offset from the top of the grid, clamped to the rows that exist. */
export function rowAt(layout: GridLayout, y: number): number {
  const alertRows = alertRowCount(layout);
  const alertsEnd = rowTop(layout, alertRows);
  const row =
    y < alertsEnd
      ? Math.floor(y / alertRowPx(layout))
      : alertRows + Math.floor((y - alertsEnd) / plainRowPx(layout));
  return Math.max(0, Math.min(row, rowCount(layout) - 1));
}

export interface RowRange {
  first: number;
  /** Inclusive; below `first` when there is nothing to show. */
  last: number;
}

/** The rows that meet the band [from, to) of the grid's own coordinates. */
export function rowsBetween(layout: GridLayout, from: number, to: number): RowRange {
  if (rowCount(layout) === 0 || to <= 0 || from >= gridHeight(layout))
    return { first: 0, last: -1 };
  return { first: rowAt(layout, Math.max(0, from)), last: rowAt(layout, to - 1) };
}

/**
 * How many devices have an open SOS: they lead the order, so counting stops at the first
 * plain one (a few steps, not 10,000). A number, so the grid re-renders only when it changes.
 */
export function selectLeadingAlerts(state: RootState): number {
  const order = selectOrder(state);
  let alerts = 0;
  while (alerts < order.length) {
    const device: Device | undefined = selectDeviceById(state, order[alerts] as number);
    if (!hasOpenSos(device)) break;
    alerts += 1;
  }
  return alerts;
}
