import { describe, expect, it } from 'vitest';

import { fromPickerValue, toPickerValue } from './date-time-field';

describe('the date-time picker values', () => {
  it('turns a picked local moment into RFC 3339 for the API and back', () => {
    const rfc3339 = fromPickerValue('2026-11-26 14:05:09');
    expect(rfc3339).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
    expect(toPickerValue(rfc3339)).toBe('2026-11-26 14:05:09');
  });

  it('reads and writes the moment on the workspace’s clock, not the browser’s', () => {
    expect(fromPickerValue('2026-11-26 14:05:09', 'Africa/Lagos')).toBe('2026-11-26T13:05:09.000Z');
    expect(toPickerValue('2026-11-26T13:05:09Z', 'Africa/Lagos')).toBe('2026-11-26 14:05:09');
    expect(toPickerValue('2026-11-26T13:05:09Z', 'UTC')).toBe('2026-11-26 13:05:09');
  });

  it('is empty when cleared, never an invalid moment', () => {
    expect(fromPickerValue(null)).toBe('');
    expect(toPickerValue('')).toBeNull();
    expect(toPickerValue('not a time')).toBeNull();
  });
});
