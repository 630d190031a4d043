import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useAppSelector } from '../../store/hooks.js';
import { selectOpenCount } from '../../entities/sos/alarmSelectors.js';
import { PLAIN_TITLE, tabTitle } from './tabTitle.js';

/**
 * The tab title counts the OPEN SOS, acknowledged included ("(2) SOS Console"), from
 * sign-in on, enabling click or not (docs/shift.md): a reloaded console left alone still
 * says, from another tab, that something is waiting.
 */
export function useTabTitle(): void {
  const count = useAppSelector(selectOpenCount);
  const intl = useIntl();
  const title =
    count > 0 ? intl.formatMessage({ id: 'shift.tabTitle' }, { n: count }) : PLAIN_TITLE;
  useEffect(() => {
    const shown = tabTitle.base ?? PLAIN_TITLE;
    tabTitle.base = title;
    // Showing a flash's alert instead: the flasher puts the new title back on its next tick.
    if (document.title === shown) document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      tabTitle.base = null;
      document.title = PLAIN_TITLE;
    },
    [],
  );
}
