import { FormattedMessage } from 'react-intl';
import { minutesSince, useNow } from '../../lib/clock.js';

/** "da 3 min": how long an SOS has waited, live, so the oldest stands out. */
export function SosAge({ since }: { since: string }) {
  const now = useNow();
  return <FormattedMessage id="alarm.age" values={{ n: minutesSince(since, now) }} />;
}
