/** tiny: seconds, for `npm test`; full: the figures. */
export type Size = 'tiny' | 'full';

export const pick = <T>(size: Size, tiny: T, full: T): T => (size === 'tiny' ? tiny : full);
