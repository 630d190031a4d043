import { useSyncExternalStore } from 'react';
import { currentLocale, subscribeLocale } from './localeResources.js';

/** The language on screen: the chosen one once its messages (and so on) are loaded. */
export const useShownLocale = () => useSyncExternalStore(subscribeLocale, currentLocale);
