import { describe, expect, it } from 'vitest';
import {
  ALERT_CARD_PX,
  alertCardPx,
  plainCardPx,
  cardHeight,
  gridGeometry,
  gridHeight,
  PLAIN_CARD_PX,
  rowAt,
  rowsBetween,
  rowTop,
} from './gridLayout.js';

// Whole-pixel row pitches at a 16 px root: card + 16 px gap, rounded.
const ALERT_ROW = 197;
const PLAIN_ROW = 130;

describe('grid layout', () => {
  const layout = gridGeometry({ count: 10, columns: 2, alerts: 3 }); // rows 0–1 hold alerts

  it('gives rows holding an alert the alert height, the others the plain height', () => {
    expect([0, 1, 2, 4].map((row) => cardHeight(layout, row))).toEqual([
      ALERT_CARD_PX,
      ALERT_CARD_PX,
      PLAIN_CARD_PX,
      PLAIN_CARD_PX,
    ]);
  });

  it('places rows one after the other, alert rows first', () => {
    expect([0, 1, 2, 3].map((row) => rowTop(layout, row))).toEqual([
      0,
      ALERT_ROW,
      2 * ALERT_ROW,
      2 * ALERT_ROW + PLAIN_ROW,
    ]);
    expect(gridHeight(layout)).toBe(2 * ALERT_ROW + 3 * PLAIN_ROW);
    expect(gridHeight(gridGeometry({ count: 0, columns: 3, alerts: 0 }))).toBe(0);
  });

  it('finds the row at an offset, clamped to the rows that exist', () => {
    expect(rowAt(layout, 0)).toBe(0);
    expect(rowAt(layout, ALERT_ROW - 1)).toBe(0);
    expect(rowAt(layout, ALERT_ROW)).toBe(1);
    expect(rowAt(layout, 2 * ALERT_ROW + PLAIN_ROW + 1)).toBe(3);
    expect(rowAt(layout, -50)).toBe(0);
    expect(rowAt(layout, 1e9)).toBe(4);
  });

  it('gives the rows meeting a band of the window, or none', () => {
    expect(rowsBetween(layout, ALERT_ROW + 10, 2 * ALERT_ROW + PLAIN_ROW)).toEqual({
      first: 1,
      last: 2,
    });
    expect(rowsBetween(layout, -500, 1e6)).toEqual({ first: 0, last: 4 });
    expect(rowsBetween(layout, -500, -10)).toEqual({ first: 0, last: -1 });
    expect(rowsBetween(layout, 1e6, 2e6)).toEqual({ first: 0, last: -1 });
    expect(rowsBetween(gridGeometry({ count: 0, columns: 1, alerts: 0 }), 0, 800)).toEqual({
      first: 0,
      last: -1,
    });
  });

  it('with one column, one row per device', () => {
    const single = gridGeometry({ count: 3, columns: 1, alerts: 1 });
    expect(gridHeight(single)).toBe(ALERT_ROW + 2 * PLAIN_ROW);
  });

  it('gives the cards their rem heights at the default 16 px root', () => {
    expect(PLAIN_CARD_PX).toBeCloseTo(114.02, 2);
    expect(ALERT_CARD_PX).toBeCloseTo(180.54, 2);
  });

  it('scales cards and rows with the root font size, the gap staying 16 px', () => {
    const large = gridGeometry({ count: 10, columns: 2, alerts: 3, rootPx: 32 });
    expect(cardHeight(large, 0)).toBeCloseTo(alertCardPx(32), 5);
    expect(alertCardPx(32)).toBeCloseTo(2 * ALERT_CARD_PX, 5);
    expect(plainCardPx(32)).toBeCloseTo(2 * PLAIN_CARD_PX - 2, 5); // borders stay 1 px
    const alertRow = Math.round(alertCardPx(32) + 16);
    const plainRow = Math.round(plainCardPx(32) + 16);
    expect(rowTop(large, 3)).toBe(2 * alertRow + plainRow);
    expect(rowAt(large, 2 * alertRow + 1)).toBe(2);
  });

  it('grows a row to its tallest measured card, and only that row', () => {
    // Device 4 (row 2, plain) measured at 200 px: row 2 is 200 px high, the rows after it move.
    const taller = (index: number) => (index === 4 ? 200 : undefined);
    const measured = gridGeometry({ count: 10, columns: 2, alerts: 3 }, taller);
    expect(cardHeight(measured, 2)).toBe(200);
    expect([1, 3].map((row) => cardHeight(measured, row))).toEqual([ALERT_CARD_PX, PLAIN_CARD_PX]);
    expect(rowTop(measured, 3)).toBe(2 * ALERT_ROW + 216);
    expect(rowAt(measured, 2 * ALERT_ROW + 215)).toBe(2);
    expect(rowAt(measured, 2 * ALERT_ROW + 216)).toBe(3);
    expect(gridHeight(measured)).toBe(gridHeight(layout) + 216 - PLAIN_ROW);
  });

  it('never makes a card shorter than its least height', () => {
    const shorter = gridGeometry({ count: 4, columns: 2, alerts: 2 }, () => 10);
    expect(cardHeight(shorter, 0)).toBe(ALERT_CARD_PX);
    expect(cardHeight(shorter, 1)).toBe(PLAIN_CARD_PX);
  });

  it('finds rows among 10,000 devices by binary search', () => {
    const big = gridGeometry({ count: 10_000, columns: 1, alerts: 0 }, (i) =>
      i % 2 === 0 ? 200 : undefined,
    );
    const pair = 216 + PLAIN_ROW;
    expect(rowAt(big, 2500 * pair + 1)).toBe(5000);
    expect(rowAt(big, 2500 * pair + 216)).toBe(5001);
    expect(gridHeight(big)).toBe(5000 * pair);
  });
});
