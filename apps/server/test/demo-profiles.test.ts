import { describe, expect, it } from 'vitest';
import { demoProfile } from '../src/demo-profiles.js';

const FEMALE = ['figlia', 'vicina di casa'];
const MALE = ['figlio', 'vicino di casa'];
const women = ['Giuseppina', 'Maria', 'Rosa', 'Anna'];

describe('the demo residents (docs/shift.md)', () => {
  it("are the ones the device's name says: Mrs Rossi's pendant is a woman called Rossi", () => {
    for (let id = 1; id <= 40; id += 1) {
      const her = demoProfile(id, 'Ciondolo Sig.ra Rossi');
      expect(her.residentName).toMatch(/ Rossi$/);
      expect(women).toContain(her.residentName?.split(' ')[0]);
      const him = demoProfile(id, 'Ciondolo Sig. Conti');
      expect(him.residentName).toMatch(/ Conti$/);
      expect(women).not.toContain(him.residentName?.split(' ')[0]);
    }
  });

  it('give each contact a relation that agrees with the name ("Rosa Galli (figlia)")', () => {
    for (let id = 1; id <= 200; id += 1)
      for (const contact of demoProfile(id, `Casa ${id}`).contacts) {
        const woman = women.includes(contact.name.split(' ')[0]!);
        expect(woman ? MALE : FEMALE).not.toContain(contact.relation);
      }
  });
});
