/*
 * A fake softphone for the voice components' tests (never imported by the product): records
 * what the components asked of it.
 */
import { vi, type Mock } from 'vitest';
import type { VoiceCall } from '../entities/voice/voiceSlice.js';
import type { Phone } from '../widgets/voice/phone.js';

export function fakePhone(): { [K in keyof Phone]: Mock<Phone[K]> } {
  return {
    answer: vi.fn<Phone['answer']>(),
    reject: vi.fn<Phone['reject']>(),
    hangUp: vi.fn<Phone['hangUp']>(),
    setMuted: vi.fn<Phone['setMuted']>(),
    sendDtmf: vi.fn<Phone['sendDtmf']>(),
    call: vi.fn<Phone['call']>(),
    callBack: vi.fn<Phone['callBack']>(),
    stop: vi.fn<Phone['stop']>(),
  };
}

export function voiceCall(changes: Partial<VoiceCall> = {}): VoiceCall {
  return {
    id: 'call-1',
    direction: 'IN',
    state: 'ringing',
    deviceId: 4,
    deviceName: 'Casa Rossi',
    caller: '+390611112222',
    sosId: 41,
    unit: true,
    number: null,
    answeredAt: null,
    muted: false,
    ...changes,
  };
}
