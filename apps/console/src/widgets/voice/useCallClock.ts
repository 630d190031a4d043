import { useEffect, useState } from 'react';
import { mmss } from './clockText.js';

/** mm:ss since `since` (epoch ms), ticking every second. */
export function useCallClock(since: number): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return mmss((Math.max(now, since) - since) / 1000);
}
