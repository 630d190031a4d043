import type { ReactNode } from 'react';

/**
 * Keys, serials and codes: always read left to right, also inside right-to-left (Arabic)
 * pages, where a key like `_tUuZ…` would otherwise show as `tUuZ…_`. An isolated run
 * (<bdi>), so the surrounding text keeps its own direction and alignment.
 */
export function LtrText({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}

/** The same for what the user types: props of an <input> holding a key or a code. */
export const LTR_INPUT = { dir: 'ltr' } as const;
