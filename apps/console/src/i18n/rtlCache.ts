import createCache from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * The Emotion cache of right-to-left languages: stylis-plugin-rtl mirrors every physical
 * CSS property (margin-left → margin-right, …), so Arabic flips the whole layout. Its own
 * chunk: it (with stylis and cssjanus) loads only when Arabic is chosen.
 */
export const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
