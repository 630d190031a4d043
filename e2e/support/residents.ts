/**
 * A resident with a son and a neighbour to call (docs/call-out.md): the call-out tests and the
 * README's screenshots show her. Fictitious: 555 numbers, no real person.
 */
export const FERRARO_PROFILE = {
  residentName: 'Giuseppina Ferraro',
  address: 'Via Garibaldi 12, 10122 Torino',
  phone: '+39 011 555 0101',
  notes: 'Diabetica; chiavi dalla vicina al piano terra',
  contacts: [
    { name: 'Marco Ferraro', phone: '+39 333 123 4567', relation: 'figlio' },
    { name: 'Anna Russo', phone: '011 555 0199', relation: 'vicina' },
  ],
};
