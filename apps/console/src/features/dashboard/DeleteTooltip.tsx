import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState, type RefObject } from 'react';

/**
 * Marks an element of the grid whose tooltip the shared one shows: the attribute's value
 * (a full name the card clamps), or when empty the element's aria-label.
 */
export const TIP_ATTRIBUTE = 'data-sos-tip';

/** MUI Tooltip's own delay before it opens on hover or keyboard focus. */
const ENTER_DELAY_MS = 100;

interface Tip {
  anchor: HTMLElement | null;
  /** Kept after closing, so the tooltip fades out with its text. */
  label: string;
}

const tipOf = (node: EventTarget | null): HTMLElement | null =>
  node instanceof Element ? node.closest<HTMLElement>(`[${TIP_ATTRIBUTE}]`) : null;

function isFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // a DOM without :focus-visible (jsdom): show it as a mouse focus would, not at all
  }
}

/**
 * One MUI Tooltip for every delete button and card name of the grid, opened on the button under the
 * mouse or focused from the keyboard, as each button's own Tooltip did. A Tooltip per card
 * cost a styled Popper render for every card mounted while scrolling; this one is rendered
 * once and only moves. The buttons keep their aria-label, so the accessible names do not
 * depend on it.
 */
export function DeleteTooltip({ container }: { container: RefObject<HTMLElement | null> }) {
  const [tip, setTip] = useState<Tip>({ anchor: null, label: '' });

  useEffect(() => {
    const list = container.current;
    if (!list) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = (anchor: HTMLElement) => {
      clearTimeout(timer);
      timer = setTimeout(
        () =>
          setTip({
            anchor,
            label: anchor.getAttribute(TIP_ATTRIBUTE) || (anchor.getAttribute('aria-label') ?? ''),
          }),
        ENTER_DELAY_MS,
      );
    };
    const hide = () => {
      clearTimeout(timer);
      setTip((current) => (current.anchor ? { ...current, anchor: null } : current));
    };
    const onOver = (event: MouseEvent) => {
      const anchor = tipOf(event.target);
      if (anchor && !anchor.contains(event.relatedTarget as Node | null)) show(anchor);
    };
    const onOut = (event: MouseEvent) => {
      const anchor = tipOf(event.target);
      if (anchor && !anchor.contains(event.relatedTarget as Node | null)) hide();
    };
    const onFocusIn = (event: FocusEvent) => {
      const anchor = tipOf(event.target);
      if (anchor && isFocusVisible(anchor)) show(anchor);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (tipOf(event.target)) hide();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    // The button under the tooltip may scroll away (and unmount): close rather than float.
    const onScroll = () => hide();
    list.addEventListener('mouseover', onOver);
    list.addEventListener('mouseout', onOut);
    list.addEventListener('focusin', onFocusIn);
    list.addEventListener('focusout', onFocusOut);
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      list.removeEventListener('mouseover', onOver);
      list.removeEventListener('mouseout', onOut);
      list.removeEventListener('focusin', onFocusIn);
      list.removeEventListener('focusout', onFocusOut);
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', onScroll);
    };
  }, [container]);

  return (
    <Tooltip
      open={tip.anchor !== null && tip.anchor.isConnected}
      title={tip.label}
      disableHoverListener
      disableFocusListener
      disableTouchListener
      slotProps={{ popper: { anchorEl: tip.anchor } }}
    >
      {/* The Tooltip needs a child; the popper is placed on the anchor instead. */}
      <span hidden />
    </Tooltip>
  );
}
