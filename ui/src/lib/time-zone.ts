/**
 * The zone the screens show moments in: the active workspace's (DESIGN: Africa/Lagos when
 * none is set), not the browser's — a Lagos workspace reads "14:05" for an entry recorded
 * at 14:05 in Lagos wherever its accountant or auditor opens it. Moments go to and from
 * the API as RFC 3339 (UTC); this module turns them into a zone's wall clock and back.
 */

/** DESIGN.md: a workspace's zone when it has none. */
export const DEFAULT_TIME_ZONE = 'Africa/Lagos';

let displayTimeZone = DEFAULT_TIME_ZONE;

/**
 * Zones already checked. The layout sets the zone on every render, and building a
 * formatter to check one costs ~0.5 ms (the page's first, 15–30 ms): each zone is
 * checked once.
 */
const checkedZones = new Map<string, boolean>();

function isKnownZone(zone: string): boolean {
  let known = checkedZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    checkedZones.set(zone, known);
  }
  return known;
}

/** Set when the active workspace is known (the main layout does it). */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayTimeZone = zone && isKnownZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

export function getDisplayTimeZone(): string {
  return displayTimeZone;
}

/** A moment's wall clock in a zone. */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** `instant` as the clock on the wall in `zone` shows it. */
export function wallTimeIn(zone: string, instant: Date): WallTime {
  let format = wallFormatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallFormatters.set(zone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

function asUtcMillis(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
}

/**
 * The moment the wall clock in `zone` shows `wall`. Where a clock change skips that
 * time, the moment after the skip; where it repeats, the earlier of the two.
 */
export function instantOfWallTime(zone: string, wall: WallTime): Date {
  const guess = asUtcMillis(wall);
  const offsetAt = (millis: number) => asUtcMillis(wallTimeIn(zone, new Date(millis))) - millis;
  const first = guess - offsetAt(guess);
  const second = guess - offsetAt(first);
  return new Date(Math.min(first, second));
}
