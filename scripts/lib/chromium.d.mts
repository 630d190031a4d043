// The types of chromium.mjs.

/** The full browser: CHROMIUM_PATH when set, else Debian's package `chromium`. */
export const CHROMIUM: string;
/** The headless shell when installed (CHROMIUM_PATH when set), else the full browser. */
export const LIGHT_CHROMIUM: string;
/** The flags every launch takes. */
export const CHROMIUM_FLAGS: string[];
