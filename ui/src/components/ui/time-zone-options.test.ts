import { describe, expect, it } from 'vitest';

import { timeZoneNames, timeZoneOptions, zoneOffsetLabel } from './time-zone-options';

describe('zoneOffsetLabel', () => {
  it('writes a zone’s offset at a moment as UTC±HH:MM', () => {
    const january = new Date('2026-01-15T12:00:00Z');
    const june = new Date('2026-06-15T12:00:00Z');
    expect(zoneOffsetLabel('Africa/Lagos', january)).toBe('UTC+01:00');
    expect(zoneOffsetLabel('UTC', january)).toBe('UTC+00:00');
    expect(zoneOffsetLabel('Europe/London', june)).toBe('UTC+01:00');
    expect(zoneOffsetLabel('America/New_York', january)).toBe('UTC−05:00');
  });
});

describe('timeZoneOptions', () => {
  it('offers IANA names, Lagos among them, each labelled with its offset', () => {
    const lagos = timeZoneOptions().find((option) => option.value === 'Africa/Lagos');
    expect(lagos?.label).toBe('Africa/Lagos (UTC+01:00)');
  });

  it('keeps a stored name the browser does not list', () => {
    expect(timeZoneNames(['Etc/Unknown'])).toContain('Etc/Unknown');
  });
});
