import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  DEFAULT_TIME_ZONE,
  getDisplayTimeZone,
  instantOfWallTime,
  setDisplayTimeZone,
  wallTimeIn,
} from './time-zone';

afterEach(() => setDisplayTimeZone(null));

describe('the zone moments are shown in', () => {
  it('is the workspace’s, Lagos when it has none or one the browser does not know', () => {
    setDisplayTimeZone('Europe/London');
    expect(getDisplayTimeZone()).toBe('Europe/London');
    setDisplayTimeZone(null);
    expect(getDisplayTimeZone()).toBe(DEFAULT_TIME_ZONE);
    setDisplayTimeZone('Mars/Olympus_Mons');
    expect(getDisplayTimeZone()).toBe('Africa/Lagos');
  });

  it('checks a zone once, however often the layout sets it', () => {
    setDisplayTimeZone('Asia/Tokyo');
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    for (let render = 0; render < 20; render += 1) setDisplayTimeZone('Asia/Tokyo');
    setDisplayTimeZone('Moon/Tranquility_Base');
    setDisplayTimeZone('Moon/Tranquility_Base');

    expect(getDisplayTimeZone()).toBe(DEFAULT_TIME_ZONE);
    // The unknown zone's one check; Tokyo was checked before the spy.
    expect(built).toHaveBeenCalledTimes(1);
  });

  it('reads 13:05 UTC as 14:05 on a Lagos wall clock', () => {
    expect(wallTimeIn('Africa/Lagos', new Date('2026-11-26T13:05:09Z'))).toEqual({
      year: 2026,
      month: 11,
      day: 26,
      hour: 14,
      minute: 5,
      second: 9,
    });
  });

  it('turns a wall clock in a zone back into the moment, across a summer-time change', () => {
    const wall = { year: 2026, month: 7, day: 1, hour: 9, minute: 30, second: 0 };
    expect(instantOfWallTime('Europe/London', wall).toISOString()).toBe('2026-07-01T08:30:00.000Z');
    expect(instantOfWallTime('Europe/London', { ...wall, month: 12 }).toISOString()).toBe(
      '2026-12-01T09:30:00.000Z',
    );
    expect(instantOfWallTime('Africa/Lagos', wall).toISOString()).toBe('2026-07-01T08:30:00.000Z');
  });
});
