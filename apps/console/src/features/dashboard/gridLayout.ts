import type { Device } from '@sos/contract';
import type { RootState } from '../../store/store.js';
import { hasOpenSos } from '../../entities/devices/deviceOrder.js';
import { selectDeviceById, selectOrder } from '../../entities/devices/devicesSlice.js';

/*
 * The dashboard grid's geometry. Every card has a least height, known without measuring
 * (a name on two lines, every other line one): at the browsers' default text size nearly
 * every card is exactly that high, so nothing is measured twice and nothing moves. A name
 * wraps at any text size and width, never cut (docs/shift.md): a card whose text needs more
 * room reports its natural height (cardHeights.ts), and its row grows to the tallest card
 * in it. Cards are sized in rem (cardStyles, AlertCard): at a 200 % text size they grow
 * with their text (WCAG 1.4.4).
 */

export const GAP_PX = 16;
/** Least heights in rem of the card parts the card styles set (cardStyles.tsx, AlertCard.tsx). */
export const CARD_REM = {
  /** An h6 name (1.25rem), two lines of 1.3 at least. */
  name: 3.25,
  /** A body2 line: 0.875rem × 1.43. */
  line: 1.25125,
  /** An alert card's button: 0.875rem × 1.75 plus 0.375rem above and below. */
  button: 2.28125,
} as const;
/** Around a plain card's body: 1rem padding above, 1.5rem below; plus 1 px borders. */
export const PLAIN_CHROME_REM = 2.5;
export const PLAIN_BORDER_PX = 2;
/** Around an alert card's body: 1rem padding above and below. */
export const ALERT_CHROME_REM = 2;
/** A plain card's body: the name and the serial line. */
const PLAIN_CARD_REM = PLAIN_CHROME_REM + CARD_REM.name + CARD_REM.line;
/** An alert card's body: the name, 0.5rem, the time line, the age and status line, 0.75rem, the button. */
const ALERT_CARD_REM =
  ALERT_CHROME_REM + CARD_REM.name + 0.5 + 2 * CARD_REM.line + 0.75 + CARD_REM.button;

/** The least card heights for a root font size. */
export const plainCardPx = (rootPx = 16) => PLAIN_CARD_REM * rootPx + PLAIN_BORDER_PX;
export const alertCardPx = (rootPx = 16) => ALERT_CARD_REM * rootPx;
/** At the browsers' default 16 px root. */
export const PLAIN_CARD_PX = plainCardPx();
export const ALERT_CARD_PX = alertCardPx();

export interface GridLayout {
  /** Devices shown. */
  count: number;
  columns: number;
  /** Devices with an open SOS: they sort first, so they fill the first rows. */
  alerts: number;
  /** The root font size in px (16 when not given). */
  rootPx?: number;
}

/** A card's natural height in px by its place in the order, when it is taller than its least. */
export type TallerCard = (index: number) => number | undefined;

export interface GridGeometry {
  rows: number;
  /** Where each row starts, from the top of the grid; the grid's height last (rows + 1). */
  tops: Float64Array;
  /** Each row's card height: every card of a row is as tall as its tallest. */
  heights: Float64Array;
}

const rowCount = ({ count, columns }: GridLayout) => Math.ceil(count / columns);

/** Rows holding at least one alert card: every card of such a row is at least an alert's height. */
const alertRowCount = ({ alerts, columns }: GridLayout) => Math.ceil(alerts / columns);

/**
 * The rows' heights and places: one pass over the devices (a few milliseconds for 10,000),
 * redone only when the order, the columns, the text size or a card's natural height change.
 * Row pitches are whole pixels: rows start on a pixel.
 */
export function gridGeometry(layout: GridLayout, taller?: TallerCard): GridGeometry {
  const { count, columns, rootPx } = layout;
  const rows = rowCount(layout);
  const alertRows = alertRowCount(layout);
  const alertPx = alertCardPx(rootPx);
  const plainPx = plainCardPx(rootPx);
  const tops = new Float64Array(rows + 1);
  const heights = new Float64Array(rows);
  for (let row = 0; row < rows; row++) {
    let height = row < alertRows ? alertPx : plainPx;
    if (taller) {
      const end = Math.min(count, (row + 1) * columns);
      for (let index = row * columns; index < end; index++) {
        const natural = taller(index);
        if (natural !== undefined && natural > height) height = natural;
      }
    }
    heights[row] = height;
    tops[row + 1] = (tops[row] as number) + Math.round(height + GAP_PX);
  }
  return { rows, tops, heights };
}

/** Where a row starts, from the top of the grid. */
export const rowTop = (geometry: GridGeometry, row: number): number =>
  geometry.tops[Math.max(0, Math.min(row, geometry.rows))] as number;

export const cardHeight = (geometry: GridGeometry, row: number): number =>
  geometry.heights[row] ?? 0;

/** The whole grid's height (each row, the last included, ends with its gap). */
export const gridHeight = (geometry: GridGeometry): number =>
  geometry.tops[geometry.rows] as number;

/** The row at a vertical offset from the top of the grid, clamped to the rows that exist. */
export function rowAt(geometry: GridGeometry, y: number): number {
  const { tops, rows } = geometry;
  // The last row starting at or above y: a binary search over the tops.
  let low = 0;
  let high = rows - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((tops[middle] as number) <= y) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

export interface RowRange {
  first: number;
  /** Inclusive; below `first` when there is nothing to show. */
  last: number;
}

/** The rows that meet the band [from, to) of the grid's own coordinates. */
export function rowsBetween(geometry: GridGeometry, from: number, to: number): RowRange {
  if (geometry.rows === 0 || to <= 0 || from >= gridHeight(geometry)) return { first: 0, last: -1 };
  return { first: rowAt(geometry, Math.max(0, from)), last: rowAt(geometry, to - 1) };
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
