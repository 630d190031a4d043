import { describe, expect, it } from 'vitest';
import { inboundCall } from './sessionCalls.js';

const request = (headers: Record<string, string>) => ({
  getHeader: (name: string) => headers[name] ?? '',
});

describe("an inbound call from Kamailio's headers", () => {
  it('names the matched device (percent-encoded UTF-8) and its open SOS', () => {
    const call = inboundCall(
      'c1',
      request({
        'X-SOS-Device-Id': '4',
        'X-SOS-Device-Name': 'Casa%20Nicol%C3%B2',
        'X-SOS-Id': '41',
        'X-SOS-Caller': '+390611112222',
      }),
      'unit-4',
    );
    expect(call).toMatchObject({
      deviceId: 4,
      deviceName: 'Casa Nicolò',
      sosId: 41,
      caller: '+390611112222',
      unit: true,
      state: 'ringing',
      direction: 'IN',
    });
  });

  it('is a number when no device matched, the SIP user when there is no caller header', () => {
    expect(inboundCall('c2', request({ 'X-SOS-Caller': '0611112222' }), 'x')).toMatchObject({
      deviceId: null,
      deviceName: null,
      sosId: null,
      caller: '0611112222',
      unit: false,
    });
    expect(inboundCall('c3', request({}), 'trunk-user').caller).toBe('trunk-user');
  });

  it('is a phone, not a unit, when Kamailio says so', () => {
    expect(
      inboundCall('c4', request({ 'X-SOS-Device-Id': '4', 'X-SOS-Unit': '0' }), 'x').unit,
    ).toBe(false);
  });

  it('ignores ids that are not ids', () => {
    expect(
      inboundCall('c5', request({ 'X-SOS-Device-Id': '4; drop', 'X-SOS-Id': '-1' }), 'x'),
    ).toMatchObject({ deviceId: null, sosId: null });
  });
});
