import { describe, expect, it } from 'vitest';
import { deviceRegisterRequestSchema } from '@sos/contract';
import { displayNameFor, serialFor } from '../src/names.js';

describe('simulated device identities', () => {
  it('look like an Italian telecare fleet', () => {
    expect([1, 2, 3, 4, 5, 6, 12].map(displayNameFor)).toEqual([
      'Pulsante Camera 1',
      'Ciondolo Sig.ra Rossi',
      'Bracciale Giulia Ricci',
      'Pulsante Bagno Camera 4',
      'Ciondolo Sig. Esposito',
      'Telesoccorso Via Roma 1',
      'Telesoccorso Via Garibaldi 2',
    ]);
    expect(serialFor('SIM-', 1)).toBe('SIM-0001');
    expect(serialFor('SIM-', 12345)).toBe('SIM-12345');
  });

  it('are valid for the device API and distinct, for a large fleet', () => {
    const n = 5000;
    const names = new Set<string>();
    for (let i = 1; i <= n; i++) {
      const body = { serial: serialFor('SIM-', i), displayName: displayNameFor(i) };
      expect(deviceRegisterRequestSchema.parse(body)).toEqual(body);
      names.add(body.displayName);
    }
    expect(names.size).toBe(n);
  });

  it('are the same on every run, so a restart finds its devices again', () => {
    expect(displayNameFor(77)).toBe(displayNameFor(77));
    expect(displayNameFor(77)).not.toBe(displayNameFor(78));
  });
});
