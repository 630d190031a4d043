import type { CallResult, DeviceProfile, SosCall, SosTimelineEntry } from '@sos/contract';
import { describe, expect, it } from 'vitest';
import { calleesOf } from './callOutModel.js';

const profile: DeviceProfile = {
  residentName: 'Giuseppina Ferraro',
  address: null,
  phone: '+39 011 555 0101',
  notes: null,
  contacts: [
    { name: 'Marco Ferraro', phone: '+39 333 123 4567', relation: 'figlio' },
    { name: 'Luigi Bianchi', phone: null, relation: null },
    { name: 'Anna Russo', phone: '011 555 0199', relation: 'vicina' },
  ],
  checkIns: [],
};

let second = 0;
const call = (
  to: SosCall['to'],
  contactIndex: number | null,
  phone: string,
  result: CallResult,
): SosTimelineEntry => ({
  at: new Date(Date.UTC(2026, 0, 1, 10, 0, ++second)).toISOString(),
  type: 'CALL',
  by: { id: 1, username: 'maria' },
  text: null,
  call: {
    to,
    contactIndex,
    name: null,
    phone,
    result,
    via: 'MANUAL',
    direction: 'OUT',
    durationS: null,
  },
});
const resident = (result: CallResult) => call('RESIDENT', null, '+39 011 555 0101', result);
const marco = (result: CallResult) => call('CONTACT', 0, '+39 333 123 4567', result);
const view = (timeline: SosTimelineEntry[], p = profile) =>
  calleesOf(p, timeline).map((c) => [c.key, c.lastResult, c.next]);

describe('calleesOf', () => {
  it('lists the resident first, then every contact in order, nothing called yet, no one marked', () => {
    expect(view([])).toEqual([
      ['resident', null, false],
      ['contact-0', null, false],
      ['contact-1', null, false],
      ['contact-2', null, false],
    ]);
    expect(calleesOf(profile, [])[0]).toMatchObject({
      to: 'RESIDENT',
      contactIndex: null,
      name: 'Giuseppina Ferraro',
    });
  });

  it('marks the next one with a phone after an unanswered call, and no one after an answer', () => {
    expect(view([resident('NO_ANSWER')])).toEqual([
      ['resident', 'NO_ANSWER', false],
      ['contact-0', null, true],
      ['contact-1', null, false],
      ['contact-2', null, false],
    ]);
    // Marco was busy: Luigi has no phone, so Anna is next.
    expect(view([resident('NO_ANSWER'), marco('BUSY')]).filter(([, , next]) => next)).toEqual([
      ['contact-2', null, true],
    ]);
    expect(view([resident('NO_ANSWER'), marco('ANSWERED')]).some(([, , next]) => next)).toBe(false);
  });

  it('shows each number its own last result', () => {
    expect(
      view([resident('VOICEMAIL'), marco('NO_ANSWER'), resident('ANSWERED')]).map(([key, last]) => [
        key,
        last,
      ]),
    ).toEqual([
      ['resident', 'ANSWERED'],
      ['contact-0', 'NO_ANSWER'],
      ['contact-1', null],
      ['contact-2', null],
    ]);
  });

  it('leaves out a resident without a phone, and ignores calls to a number the profile no longer has', () => {
    const edited = {
      ...profile,
      phone: null,
      contacts: [{ name: 'Paolo Verdi', phone: '+39 347 000 1111', relation: null }],
    };
    expect(view([marco('NO_ANSWER')], edited)).toEqual([['contact-0', null, false]]);
  });
});
