import type { VoiceCredentials } from '@sos/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../store/hooks.js';
import type { AppStore } from '../../store/store.js';
import { useGetVoiceCredentialsQuery } from '../../entities/voice/voiceApi.js';
import { selectVoiceCalls } from '../../entities/voice/voiceSlice.js';
import { PhoneContext, type Phone } from './phone.js';

/** New credentials this long before the current ones expire (they last 12 h). */
const RENEW_BEFORE_MS = 10 * 60_000;
/** A refused registration or a failed fetch is tried again after this long. */
const RETRY_MS = 15_000;

/** What starts the softphone; the JsSIP one by default, loaded only when voice is on. */
export type StartPhone = (
  credentials: VoiceCredentials,
  dispatch: AppStore['dispatch'],
  hooks: { onRefused(): void },
) => Phone;

const loadJssip = async (): Promise<StartPhone> => (await import('./jssipPhone.js')).startPhone;

/**
 * The console's one softphone (docs/voice.md), owned like the live stream: the signed-in
 * layout's scope fetches the credentials once (404: voice is off, nothing more is asked or
 * shown), registers at /voice/ws, registers again with new credentials before they expire
 * (never in the middle of a call), and unregisters when it goes (logout).
 */
export function VoiceScope({
  children,
  load = loadJssip,
}: {
  children: ReactNode;
  load?: () => Promise<StartPhone>;
}) {
  const store = useStore() as AppStore;
  const dispatch = useAppDispatch();
  const { data: credentials, isError, refetch } = useGetVoiceCredentialsQuery();
  const [phone, setPhone] = useState<Phone | null>(null);

  useEffect(() => {
    if (!isError) return;
    const timer = setTimeout(() => void refetch(), RETRY_MS);
    return () => clearTimeout(timer);
  }, [isError, refetch]);

  useEffect(() => {
    if (!credentials) return;
    let gone = false;
    let started: Phone | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Renewing replaces the phone: wait while a call is on.
    const renew = (delay: number) => {
      timer = setTimeout(() => {
        if (selectVoiceCalls(store.getState()).length > 0) renew(RETRY_MS);
        else void refetch();
      }, delay);
    };
    renew(Math.max(RETRY_MS, Date.parse(credentials.expiresAt) - Date.now() - RENEW_BEFORE_MS));
    load()
      .then((start) => {
        if (gone) return;
        started = start(credentials, dispatch, {
          onRefused: () => {
            clearTimeout(timer);
            renew(RETRY_MS);
          },
        });
        setPhone(started);
      })
      .catch((error: unknown) => console.error('Softphone failed to load', error));
    return () => {
      gone = true;
      clearTimeout(timer);
      started?.stop();
      setPhone(null);
    };
  }, [credentials, dispatch, load, refetch, store]);

  return <PhoneContext.Provider value={phone}>{children}</PhoneContext.Provider>;
}
