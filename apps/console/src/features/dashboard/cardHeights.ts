import {
  createContext,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  ALERT_CHROME_REM,
  alertCardPx,
  PLAIN_BORDER_PX,
  PLAIN_CHROME_REM,
  plainCardPx,
  type TallerCard,
} from './gridLayout.js';
import { ITEM_ID_ATTRIBUTE } from './resortGuard.js';

/** On a card's body (the element whose natural height is measured): `alert` or `plain`. */
export const CARD_BODY_ATTRIBUTE = 'data-card-body';

/** A ref callback each card gives its body to (a no-op outside the grid). */
export type MeasureBody = (body: HTMLElement | null) => (() => void) | undefined;
export const MeasureBodyContext = createContext<MeasureBody>(() => undefined);

/** Sub-pixel differences from rem arithmetic are not a taller card. */
const TOLERANCE_PX = 0.5;

interface Taller {
  px: number;
  alert: boolean;
}

/** A body's natural height → its card's, by the chrome around it (gridLayout). */
function cardPx(bodyPx: number, alert: boolean, rootPx: number): number {
  return alert
    ? bodyPx + ALERT_CHROME_REM * rootPx
    : bodyPx + PLAIN_CHROME_REM * rootPx + PLAIN_BORDER_PX;
}

const leastPx = (alert: boolean, rootPx: number) =>
  alert ? alertCardPx(rootPx) : plainCardPx(rootPx);

/** One body's report into the map: whether a card's height changed. */
function record(heights: Map<number, Taller>, entry: ResizeObserverEntry, rootPx: number): boolean {
  const body = entry.target as HTMLElement;
  const item = body.closest(`[${ITEM_ID_ATTRIBUTE}]`);
  if (!item || !body.isConnected) return false;
  const id = Number(item.getAttribute(ITEM_ID_ATTRIBUTE));
  const alert = body.getAttribute(CARD_BODY_ATTRIBUTE) === 'alert';
  const size = entry.borderBoxSize[0];
  const px = cardPx(size ? size.blockSize : body.offsetHeight, alert, rootPx);
  const known = heights.get(id);
  if (px <= leastPx(alert, rootPx) + TOLERANCE_PX) return known ? heights.delete(id) : false;
  if (known && known.alert === alert && Math.abs(known.px - px) <= TOLERANCE_PX) return false;
  heights.set(id, { px, alert });
  return true;
}

/**
 * The natural heights of the cards taller than their least (a long name at a large text size
 * or a narrow width), by device id. One ResizeObserver watches the mounted cards' bodies: it
 * reports after layout, so nothing is measured in the middle of a render, and a card as high
 * as its least changes nothing. A card mounted again is measured again.
 */
export function useCardHeights(
  order: readonly number[],
  alerts: number,
  rootPx: number,
  columns: number,
): { taller: TallerCard; measure: MeasureBody } {
  const heights = useRef(new Map<number, Taller>());
  const [version, setVersion] = useState(0);
  const root = useRef(rootPx);
  const observer = useRef<ResizeObserver | null>(null);

  const bodies = useRef(new Set<HTMLElement>());

  // A new text size or column count makes every measurement stale: forget them, and have
  // the mounted cards report again (observing anew reports a body's size once).
  const key = `${rootPx}:${columns}`;
  const lastKey = useRef(key);
  useLayoutEffect(() => {
    root.current = rootPx;
    if (lastKey.current === key) return;
    lastKey.current = key;
    heights.current = new Map();
    setVersion((v) => v + 1);
    const seen = observer.current;
    for (const body of bodies.current) {
      seen?.unobserve(body);
      seen?.observe(body, { box: 'border-box' });
    }
  }, [key, rootPx]);

  const observerOf = useCallback((): ResizeObserver | null => {
    if (observer.current || typeof ResizeObserver === 'undefined') return observer.current;
    observer.current = new ResizeObserver((entries) => {
      let changed = false;
      for (const entry of entries)
        changed = record(heights.current, entry, root.current) || changed;
      if (changed) setVersion((v) => v + 1);
    });
    return observer.current;
  }, []);

  useEffect(
    () => () => {
      observer.current?.disconnect();
      observer.current = null;
    },
    [],
  );

  // Each card's body is watched while it is mounted (the ref's cleanup stops it).
  const measure = useCallback<MeasureBody>(
    (body) => {
      const seen = body ? observerOf() : null;
      if (!body || !seen) return undefined;
      seen.observe(body, { box: 'border-box' });
      bodies.current.add(body);
      return () => {
        seen.unobserve(body);
        bodies.current.delete(body);
      };
    },
    [observerOf],
  );

  const taller = useMemo<TallerCard>(() => {
    void version; // a new version means new heights
    return (index) => {
      const known = heights.current;
      if (known.size === 0) return undefined;
      const id = order[index];
      const height = id === undefined ? undefined : known.get(id);
      // A measurement of the card's other kind (an SOS opened or closed since) is no guide.
      return height && height.alert === index < alerts ? height.px : undefined;
    };
  }, [order, alerts, version]);

  return { taller, measure };
}
