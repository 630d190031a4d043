import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { rowsBetween, type GridGeometry, type RowRange } from './gridLayout.js';

const sameRange = (a: RowRange, b: RowRange) => a.first === b.first && a.last === b.last;

/** Before the grid is laid out, assume it starts at the top of the window. */
const guess = (geometry: GridGeometry, overscanPx: number): RowRange =>
  rowsBetween(geometry, 0, (typeof window === 'undefined' ? 0 : window.innerHeight) + overscanPx);

/**
 * The grid's rows that meet the window, `overscanPx` above and below included. The page
 * scrolls (not the grid), so the window's scroll and size decide; the grid re-renders only
 * when a row enters or leaves that band, not on every scroll event.
 */
export function useVisibleRows(
  ref: RefObject<HTMLElement | null>,
  geometry: GridGeometry,
  overscanPx: number,
): RowRange {
  const [range, setRange] = useState(() => guess(geometry, overscanPx));
  // The grid's top in the document, the window's scroll and height, read when they change
  // (resize, scroll), not when a live event changes the grid: read right after a DOM
  // change, each forces a layout in the middle of React's commit.
  const documentTop = useRef<number | null>(null);
  const scrollY = useRef(0);
  const viewportHeight = useRef(0);
  // The geometry changes while scrolling (a taller card measured): read through a ref, so
  // the listeners stay and the next update uses it; `refresh` applies it at once.
  const current = useRef(geometry);
  const refresh = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    current.current = geometry;
    refresh.current();
  }, [geometry]);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      scrollY.current = window.scrollY;
      viewportHeight.current = window.innerHeight;
      if (element) documentTop.current = element.getBoundingClientRect().top + scrollY.current;
    };
    const update = () => {
      if (documentTop.current === null) measure();
      if (documentTop.current === null) return;
      const top = documentTop.current - scrollY.current;
      const bottom = viewportHeight.current - top;
      const next = rowsBetween(current.current, -top - overscanPx, bottom + overscanPx);
      setRange((previous) => (sameRange(previous, next) ? previous : next));
    };
    const scrolled = () => {
      scrollY.current = window.scrollY;
      update();
    };
    const remeasure = () => {
      measure();
      update();
    };
    update();
    refresh.current = update;
    window.addEventListener('scroll', scrolled, { passive: true });
    window.addEventListener('resize', remeasure);
    // What lies above the grid (title, chips, the audio prompt) may change height.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(remeasure);
    observer?.observe(document.body);
    return () => {
      window.removeEventListener('scroll', scrolled);
      window.removeEventListener('resize', remeasure);
      observer?.disconnect();
    };
  }, [ref, overscanPx]);

  return range;
}
