import { json } from './http.js';

/** A closed SOS as the history answers it, with its timeline (docs/shift.md). */
export const closedSos = {
  id: 3,
  state: 'CLOSED',
  dateCreated: '2025-03-07T08:00:00.000Z',
  lastUpdated: '2025-03-08T11:03:09.000Z',
  dateClosed: '2025-03-08T11:03:09.000Z',
  closedBy: { id: 1, username: 'admin' },
  acknowledgedAt: '2025-03-07T08:01:00.000Z',
  acknowledgedBy: { id: 2, username: 'maria' },
  escalatedAt: null,
  outcome: 'NO_RESPONSE',
  kind: 'FALL',
  source: { protocol: 'SCAIP', code: '0005/0010', detail: null },
  note: null,
  location: null,
  device: { id: 4, displayName: 'Portineria' },
};

const timeline = [
  { at: closedSos.dateCreated, type: 'RAISED', by: null, text: null },
  {
    at: '2025-03-07T08:02:00.000Z',
    type: 'NOTE',
    by: { id: 2, username: 'maria' },
    text: 'Chiamata la figlia',
  },
  {
    at: closedSos.lastUpdated,
    type: 'CLOSED',
    by: { id: 1, username: 'admin' },
    text: 'NO_RESPONSE',
  },
];

/**
 * The history (any filter but another sosId), the timeline and the resident's profile of
 * `closedSos`; undefined for any other request.
 */
export function closedSosAnswer(request: Request): Response | undefined {
  const { pathname, searchParams } = new URL(request.url);
  const sosId = searchParams.get('sosId');
  if (pathname === '/api/sos/history')
    return sosId && sosId !== String(closedSos.id)
      ? json(200, { items: [], total: 0, nextCursor: null })
      : json(200, { items: [closedSos], total: 1, nextCursor: null });
  if (pathname === '/api/sos/timeline') return json(200, timeline);
  if (pathname === '/api/device/profile')
    return json(200, {
      residentName: 'Anna Bianchi',
      address: null,
      phone: null,
      notes: null,
      contacts: [],
    });
  return undefined;
}
