import { createContext, useContext, type ReactNode } from 'react';
import { useAlarm } from '../alarm/useAlarm.js';
import { useAudioUnlock } from '../alarm/useAudioUnlock.js';
import { useHiddenTabAlerts } from '../alarm/useHiddenTabAlerts.js';
import { useHandOffNotices } from '../alarm/useHandOffNotices.js';
import { useTabTitle } from '../alarm/useTabTitle.js';
import { useTechnicalChime } from '../alarm/useTechnicalChime.js';
import { useGetDevicesQuery } from '../../entities/devices/deviceEndpoints.js';
import { useLiveStream } from './useLiveStream.js';
import { useRefetchWhenBack } from './useRefetchWhenBack.js';

const Owned = createContext(false);

/**
 * What must run on every page while signed in (docs/alarm-handling.md): the console's one live
 * connection, the device list it keeps current, the audio unlock, the alarm and the
 * technical chime, the reads asked again after an outage, and the hidden-tab alerts. The
 * outermost scope owns them all.
 */
function ConsoleWatch() {
  // The stream opens from the last event the loaded list includes (docs/security.md): an SOS
  // raised between the two is replayed, never lost. Later reloads leave it open.
  // The list is read without stopping the writers: the replayed events it already includes
  // are skipped (no second alarm, no card brought back by an SOS closed meanwhile).
  const { resumeFrom, included } = useGetDevicesQuery(undefined, {
    selectFromResult: ({ isFetching, isError, data }) => ({
      resumeFrom: isFetching ? undefined : data ? data.lastEventId : isError ? null : undefined,
      included: data?.includedEventIds,
    }),
  });
  useLiveStream(resumeFrom, included);
  const audioOn = useAudioUnlock();
  useAlarm();
  useTechnicalChime(audioOn);
  useRefetchWhenBack();
  useHiddenTabAlerts(audioOn);
  useHandOffNotices();
  useTabTitle();
  return null;
}

/**
 * One live connection per console. The layout's scope owns it; a scope inside another
 * (the dashboard's: the spec's live channel is its subscription to the layout's
 * connection) only subscribes, so leaving a screen never closes what the others need.
 * Rendered on its own (a screen's test), a scope owns the connection itself.
 */
export function LiveScope({ children }: { children: ReactNode }) {
  if (useContext(Owned)) return children;
  return (
    <Owned.Provider value>
      <ConsoleWatch />
      {children}
    </Owned.Provider>
  );
}
