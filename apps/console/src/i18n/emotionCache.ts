import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/**
 * Two Emotion caches: the RTL one runs stylis-plugin-rtl, which mirrors every physical
 * CSS property (margin-left → margin-right, …), so Arabic flips the whole layout.
 * Created once: a new cache per render would re-insert every style.
 */
const ltrCache = createCache({ key: 'mui' });
const rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });

export const emotionCache = (rtl: boolean): EmotionCache => (rtl ? rtlCache : ltrCache);
