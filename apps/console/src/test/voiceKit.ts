/*
 * A fake softphone for the voice components' tests (never imported by the product): records
 * what the components asked of it.
 */
import { vi } from 'vitest';
import type { VoiceCall } from '../entities/voice/voiceSlice.js';
import type { Phone } from '../widgets/voice/phone.js';

export function fakePhone(): Phone & { [K in keyof Phone]: ReturnType<typeof vi.fn> } {
  return {
    answer: vi.fn(),
    reject: vi.fn(),
    hangUp: vi.fn(),
    setMuted: vi.fn(),
    sendDtmf: vi.fn(),
    call: vi.fn(),
    callBack: vi.fn(),
    stop: vi.fn(),
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
