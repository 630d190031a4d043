import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/*
 * Cards must not re-sort under the pointer: a double-click 150 ms apart once closed two
 * different SOS. After a press on the grid the shown order is held for HOLD_MS (so cards
 * re-sort at most that late), and a press on a card that moved within HOLD_MS does
 * nothing: the button under the pointer is not the one the operator aimed at.
 */
export const HOLD_MS = 1000;

/** Marks a grid item with its device id, for the guard. */
export const ITEM_ID_ATTRIBUTE = 'data-device-id';

/** Marks a grid item that moved within HOLD_MS: its buttons are shown disabled. */
const GUARDED_ATTRIBUTE = 'data-guarded';

/**
 * Shows a moved card's buttons disabled for the rest of the hold (docs/shift.md): the guard
 * stops their clicks, and a click must never be lost silently. Written on the DOM, not as
 * React state: a move re-renders no card, and the buttons' own `disabled` stays React's.
 */
function showGuarded(list: HTMLElement, id: number, on: boolean): void {
  const item = list.querySelector(`[${ITEM_ID_ATTRIBUTE}="${id}"]`);
  if (!item) return;
  if (on) item.setAttribute(GUARDED_ATTRIBUTE, '');
  else item.removeAttribute(GUARDED_ATTRIBUTE);
  for (const button of item.querySelectorAll('button')) {
    if (on) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
  }
}

/** True from a press on the grid until HOLD_MS later (not extended by further presses). */
export function useResortHold(ref: RefObject<HTMLElement | null>): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const press = () => {
      if (timer !== undefined) return;
      setHeld(true);
      timer = setTimeout(() => {
        timer = undefined;
        setHeld(false);
      }, HOLD_MS);
    };
    list.addEventListener('pointerdown', press, true);
    return () => {
      clearTimeout(timer);
      list.removeEventListener('pointerdown', press, true);
    };
  }, [ref]);
  return held;
}

/** `value` as it was when the hold began, while it holds; the current value otherwise. */
export function useHeld<T>(value: T, held: boolean): T {
  const [shown, setShown] = useState(value);
  if (!held && shown !== value) setShown(value);
  return held ? shown : value;
}

export interface Placed {
  id: number;
  /** Where the card is drawn: any change is a move. */
  place: string;
}

/**
 * Records where each rendered card is; when the order changes (not when the page scrolls)
 * a card drawn elsewhere than before, or newly drawn, has moved. A click on a button of a
 * card that moved within HOLD_MS is stopped before React sees it.
 */
export function useMovedGuard(
  ref: RefObject<HTMLElement | null>,
  placed: readonly Placed[],
  arrangement: unknown,
): void {
  const places = useRef(new Map<number, string>());
  const movedAt = useRef(new Map<number, number>());
  const lastArrangement = useRef(arrangement);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  useLayoutEffect(() => {
    const rearranged = lastArrangement.current !== arrangement;
    lastArrangement.current = arrangement;
    const now = performance.now();
    const next = new Map<number, string>();
    const list = ref.current;
    for (const { id, place } of placed) {
      next.set(id, place);
      if (rearranged && places.current.get(id) !== place) {
        movedAt.current.set(id, now);
        if (!list) continue;
        showGuarded(list, id, true);
        clearTimeout(timers.current.get(id));
        timers.current.set(
          id,
          setTimeout(() => {
            timers.current.delete(id);
            showGuarded(list, id, false);
          }, HOLD_MS),
        );
      }
    }
    places.current = next;
    for (const [id, at] of movedAt.current) if (now - at > HOLD_MS) movedAt.current.delete(id);
  });

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  useEffect(() => {
    const list = ref.current;
    if (!list) return;
    const guard = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target?.closest('button')) return;
      const item = target.closest<HTMLElement>(`[${ITEM_ID_ATTRIBUTE}]`);
      const at = item && movedAt.current.get(Number(item.getAttribute(ITEM_ID_ATTRIBUTE)));
      if (at === undefined || at === null || performance.now() - at > HOLD_MS) return;
      event.stopPropagation();
      event.preventDefault();
    };
    list.addEventListener('click', guard, true);
    return () => list.removeEventListener('click', guard, true);
  }, [ref]);
}
