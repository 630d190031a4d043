import { useEffect, useState } from 'react';
import { formatClock } from '../../lib/format.js';

/** mm:ss (the language's digits) since `since` (epoch ms), ticking every second. */
export function useCallClock(since: number): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return formatClock((Math.max(now, since) - since) / 1000);
}
