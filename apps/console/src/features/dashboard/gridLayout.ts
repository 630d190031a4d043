import type { Device } from '@sos/contract';
import type { RootState } from '../../app/store.js';
import { hasOpenSos } from './deviceOrder.js';
import { selectDeviceById, selectOrder } from './devicesSlice.js';

/*
 * The dashboard grid's geometry, known without measuring anything: a card's height does
 * not depend on the screen (names and serials stay on one line), so every row's place is
 * arithmetic. Measuring rows as they mount (a forced layout each, then moving every row
 * below) was what made scrolling 10,000 devices drop frames.
 */

export const GAP_PX = 16;
/**
 * A plain card: 1 px borders, 16 px padding above, an h6 line (1.25rem × 1.6 = 32 px), a
 * body2 line (0.875rem × 1.43 = 20.02 px) and 24 px padding below (MUI's CardContent).
 */
export const PLAIN_CARD_PX = 94.02;
/**
 * An alert card: 16 px padding, the name line (32 px), 8 px, the time line (20.02 px),
 * 16 px, then the actions (8 px padding, a 36.5 px button, 16 px padding).
 */
export const ALERT_CARD_PX = 152.52;
/** Row pitches, rounded to whole pixels as the measured rows were: rows start on a pixel. */
const PLAIN_ROW_PX = Math.round(PLAIN_CARD_PX + GAP_PX);
const ALERT_ROW_PX = Math.round(ALERT_CARD_PX + GAP_PX);

export interface GridLayout {
  /** Devices shown. */
  count: number;
  columns: number;
  /** Devices with an open SOS: they sort first, so they fill the first rows. */
  alerts: number;
}

export const rowCount = ({ count, columns }: GridLayout) => Math.ceil(count / columns);

/** Rows holding at least one alert card: every card of such a row is as tall as an alert. */
export const alertRowCount = ({ alerts, columns }: GridLayout) => Math.ceil(alerts / columns);

export const cardHeight = (layout: GridLayout, row: number) =>
  row < alertRowCount(layout) ? ALERT_CARD_PX : PLAIN_CARD_PX;

/** Where a row starts, from the top of the grid. */
export function rowTop(layout: GridLayout, row: number): number {
  const alertRows = Math.min(row, alertRowCount(layout));
  return alertRows * ALERT_ROW_PX + (row - alertRows) * PLAIN_ROW_PX;
}

/** The whole grid's height (each row, the last included, ends with its gap, as before). */
export const gridHeight = (layout: GridLayout) => rowTop(layout, rowCount(layout));

/** The row at a vertical offset from the top of the grid, clamped to the rows that exist. */
export function rowAt(layout: GridLayout, y: number): number {
  const alertRows = alertRowCount(layout);
  const alertsEnd = rowTop(layout, alertRows);
  const row =
    y < alertsEnd
      ? Math.floor(y / ALERT_ROW_PX)
      : alertRows + Math.floor((y - alertsEnd) / PLAIN_ROW_PX);
  return Math.max(0, Math.min(row, rowCount(layout) - 1));
}

export interface RowRange {
  first: number;
  /** Inclusive; below `first` when there is nothing to show. */
  last: number;
}

/** The rows that meet the band [from, to) of the grid's own coordinates. */
export function rowsBetween(layout: GridLayout, from: number, to: number): RowRange {
  if (rowCount(layout) === 0 || to <= 0 || from >= gridHeight(layout)) return { first: 0, last: -1 };
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
