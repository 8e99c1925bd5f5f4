import { describe, expect, it } from 'vitest';

import type { AuditSession } from '../api/schemas';
import { endOfDay, signOffMoment, signOffQuery } from './time-travel-link';

const session: AuditSession = {
  id: 's1',
  name: 'FY2026 audit',
  period_start: '2026-01-01',
  period_end: '2026-12-31',
  materiality: '5000.00',
  performance_materiality: '3750.00',
  status: 'open',
  cutoff: { chain_seq: 3, head_hash: 'ab', position: 9 },
  opened_at: '2026-11-01T09:00:00Z',
  performer: {},
  reviewer: {},
};

describe('signOffQuery', () => {
  it('is null before anyone signed', () => {
    expect(signOffQuery(session)).toBeNull();
  });

  it('reads the books as known at the performer sign-off, over the session period', () => {
    const signed = {
      ...session,
      performer: { signed_at: '2026-11-02T10:00:00.123456Z' },
    };
    expect(signOffQuery(signed)).toEqual({
      as_of: '2026-12-31',
      known_at: '2026-11-02T10:00:00.123456Z',
      period_start: '2026-01-01',
      period_end: '2026-12-31',
    });
  });

  it('prefers the reviewer sign-off, the later one', () => {
    const reviewed = {
      ...session,
      performer: { signed_at: '2026-11-02T10:00:00Z' },
      reviewer: { signed_at: '2026-11-03T16:30:00Z' },
    };
    expect(signOffQuery(reviewed)?.known_at).toBe('2026-11-03T16:30:00Z');
  });
});

describe('known-at shortcuts', () => {
  it('at sign-off is the last sign-off, the reviewer’s over the performer’s', () => {
    expect(signOffMoment(session)).toBeNull();
    expect(
      signOffMoment({
        ...session,
        performer: { signed_at: '2026-11-02T10:00:00Z' },
        reviewer: { signed_at: '2026-11-03T10:00:00Z' },
      }),
    ).toBe('2026-11-03T10:00:00Z');
  });

  it('at period end is the last second of the period’s last day', () => {
    const moment = new Date(endOfDay('2026-12-31'));
    expect([moment.getFullYear(), moment.getMonth(), moment.getDate()]).toEqual([2026, 11, 31]);
    expect([moment.getHours(), moment.getMinutes(), moment.getSeconds()]).toEqual([23, 59, 59]);
  });
});
