import { useLayoutEffect, useRef, type RefObject } from 'react';
import { rowAt, rowTop, type GridGeometry } from './gridLayout.js';

/**
 * Keeps the row at the top of the window where it is when rows above it grow or shrink
 * because a card was measured (cardHeights.ts): scrolling up through long names at a large
 * text size does not make the page jump. A new order (an SOS opening or closing) moves the
 * cards as it always did: this only answers a change of heights under the same order.
 */
export function useScrollAnchor(
  ref: RefObject<HTMLElement | null>,
  geometry: GridGeometry,
  arrangement: unknown,
): void {
  const last = useRef({ geometry, arrangement });
  useLayoutEffect(() => {
    const before = last.current;
    last.current = { geometry, arrangement };
    if (before.geometry === geometry || before.arrangement !== arrangement) return;
    const list = ref.current;
    if (!list) return;
    // The window's top in the grid's own coordinates; nothing to keep while the grid starts below it.
    const y = -list.getBoundingClientRect().top;
    if (y <= 0) return;
    const row = rowAt(before.geometry, y);
    const delta = rowTop(geometry, row) - rowTop(before.geometry, row);
    if (delta !== 0) window.scrollBy(0, delta);
  }, [ref, geometry, arrangement]);
}
