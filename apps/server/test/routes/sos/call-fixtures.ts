/** The resident and contacts of the call tests: one contact has no phone to call. */
export const PROFILE = {
  residentName: 'Giuseppina Ferraro',
  phone: '+39 011 555 0101',
  contacts: [
    { name: 'Marco Ferraro', phone: '+39 333 123 4567', relation: 'figlio' },
    { name: 'Anna Russo', phone: '011 555 0199', relation: 'vicina' },
    { name: 'Luigi Bianchi', phone: null, relation: 'amico' },
  ],
};

/** Calls refused with a 400: what is wrong, the payload, the field the answer names. */
export const REFUSED_CALLS: Array<[string, Record<string, unknown>, string]> = [
  ['CONTACT without contactIndex', { to: 'CONTACT', result: 'ANSWERED' }, 'body.contactIndex'],
  [
    'RESIDENT with a contactIndex',
    { to: 'RESIDENT', contactIndex: 0, result: 'ANSWERED' },
    'body.contactIndex',
  ],
  [
    'a contactIndex past the contacts',
    { to: 'CONTACT', contactIndex: 3, result: 'ANSWERED' },
    'body.contactIndex',
  ],
  [
    'a negative contactIndex',
    { to: 'CONTACT', contactIndex: -1, result: 'ANSWERED' },
    'body.contactIndex',
  ],
  [
    'a fractional contactIndex',
    { to: 'CONTACT', contactIndex: 0.5, result: 'ANSWERED' },
    'body.contactIndex',
  ],
  [
    'a contactIndex as text',
    { to: 'CONTACT', contactIndex: '0', result: 'ANSWERED' },
    'body.contactIndex',
  ],
  [
    'a contact with no phone',
    { to: 'CONTACT', contactIndex: 2, result: 'ANSWERED' },
    'body.contactIndex',
  ],
  ['an unknown result', { to: 'RESIDENT', result: 'HUNG_UP' }, 'body.result'],
  ['no result', { to: 'RESIDENT' }, 'body.result'],
  ['an unknown callee', { to: 'NEIGHBOUR', result: 'ANSWERED' }, 'body.to'],
  [
    'a note of 501 characters',
    { to: 'RESIDENT', result: 'ANSWERED', note: 'x'.repeat(501) },
    'body.note',
  ],
];
