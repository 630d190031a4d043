import { createContext, useContext } from 'react';

/** SCAIP's in-call controls (docs/voice.md): 4 talk and listen, 7 listen only, 8 talk only. */
export const DTMF_CONTROLS = [
  { tone: '4', label: 'voice.dtmf.duplex' },
  { tone: '7', label: 'voice.dtmf.listen' },
  { tone: '8', label: 'voice.dtmf.talk' },
] as const;
type DtmfTone = (typeof DTMF_CONTROLS)[number]['tone'];

/**
 * What the console asks of its softphone; the calls' state is in the store
 * (entities/voice/voiceSlice.ts), by the ids these methods take.
 */
export interface Phone {
  answer(id: string): void;
  reject(id: string): void;
  hangUp(id: string): void;
  setMuted(id: string, muted: boolean): void;
  sendDtmf(id: string, tone: DtmfTone): void;
  /** Dials a number of the call-out (contract's dialTarget) for this SOS (X-SOS-Id). */
  call(number: string, sosId: number): void;
  /** "Richiama il dispositivo": the SOS's SCAIP unit, at the crd only the server knows. */
  callBack(sosId: number): void;
  /** Ends every call, unregisters and closes the connection. */
  stop(): void;
}

/** The registered softphone, or null (voice off, or not started yet). */
export const PhoneContext = createContext<Phone | null>(null);

export const usePhone = () => useContext(PhoneContext);
