import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * Created once: a new cache per render would re-insert every style. The right-to-left
 * cache (rtlCache.ts) is loaded with the language that needs it (localeResources.ts).
 */
const ltrCache = createCache({ key: 'mui' });

export const emotionCache = (rtlCache: EmotionCache | undefined): EmotionCache =>
  rtlCache ?? ltrCache;
