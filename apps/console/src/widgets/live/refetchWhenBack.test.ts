import { describe, expect, it, vi } from 'vitest';
import { isUnreachable, refetchUnreachable } from './refetchWhenBack.js';
import '../../entities/sos/sosHandlingApi.js';

describe('reads asked again when the server is back (docs/shift.md)', () => {
  it('tells an unreachable server from a refusal', () => {
    expect(isUnreachable({ status: 'FETCH_ERROR', error: 'x' })).toBe(true);
    expect(isUnreachable({ status: 'TIMEOUT_ERROR', error: 'x' })).toBe(true);
    expect(isUnreachable({ status: 502, data: null })).toBe(true);
    expect(isUnreachable({ status: 'PARSING_ERROR', originalStatus: 504 })).toBe(true);
    expect(isUnreachable({ status: 404, data: null })).toBe(false);
    expect(isUnreachable({ status: 401, data: null })).toBe(false);
    expect(isUnreachable({ status: 500, data: null })).toBe(false);
    expect(isUnreachable(undefined)).toBe(false);
  });

  it('asks again only the reads that failed for want of the server', () => {
    const dispatch = vi.fn();
    const state = {
      api: {
        queries: {
          'getSosTimeline(11)': {
            status: 'rejected',
            endpointName: 'getSosTimeline',
            originalArgs: 11,
            error: { status: 'FETCH_ERROR', error: 'Failed to fetch' },
          },
          'getSosTimeline(12)': {
            status: 'rejected',
            endpointName: 'getSosTimeline',
            originalArgs: 12,
            error: { status: 404, data: null },
          },
          'getSosTimeline(13)': { status: 'fulfilled', endpointName: 'getSosTimeline' },
        },
      },
    };
    expect(refetchUnreachable(state, dispatch)).toBe(1);
    expect(dispatch).toHaveBeenCalledTimes(1);
  });
});
