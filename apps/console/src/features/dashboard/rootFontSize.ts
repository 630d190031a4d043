import { useSyncExternalStore } from 'react';

/** What the grid's arithmetic assumes when nothing can be measured (jsdom, server). */
const DEFAULT_ROOT_PX = 16;

let current: number | null = null;
const listeners = new Set<() => void>();
let probe: HTMLElement | null = null;
let observer: ResizeObserver | null = null;

function read(): number {
  if (typeof document === 'undefined') return DEFAULT_ROOT_PX;
  const px = parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(px) && px > 0 ? px : DEFAULT_ROOT_PX;
}

/**
 * Watches the root font size without polling: a hidden 1rem × 1rem box changes size
 * exactly when the root font size does (browser zoom of text, user style sheets), and a
 * ResizeObserver reports it. Started by the first subscriber, stopped with the last.
 */
function start(): void {
  if (typeof ResizeObserver === 'undefined' || typeof document === 'undefined') return;
  probe = document.createElement('div');
  probe.setAttribute('aria-hidden', 'true');
  probe.style.cssText =
    'position:absolute;visibility:hidden;pointer-events:none;width:1rem;height:1rem;inset-block-start:0;inset-inline-start:-100rem';
  document.body.appendChild(probe);
  observer = new ResizeObserver(() => {
    const next = read();
    if (next === current) return;
    current = next;
    for (const listener of listeners) listener();
  });
  observer.observe(probe);
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) start();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    observer?.disconnect();
    probe?.remove();
    observer = null;
    probe = null;
    current = null; // read afresh by the next subscriber
  };
}

/** Read once, then only when the probe says it changed: never in a render loop. */
function snapshot(): number {
  current ??= read();
  return current;
}

/** The root font size in px (16 unless the user or the browser chose another). */
export function useRootFontSize(): number {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_ROOT_PX);
}
