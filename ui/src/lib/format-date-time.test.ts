import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  datePattern,
  formatDate,
  formatDateText,
  formatDatesInText,
  formatMonth,
  parseDisplayDate,
  warmDateFormats,
} from './format-date-time';
import { DEFAULT_LOCALE, localeForLocation, setDisplayLocale } from './locale';

afterEach(() => setDisplayLocale(DEFAULT_LOCALE));

describe('dates in the organization locale', () => {
  it('shows a Nigerian organization day first with slashes in grids and pickers', () => {
    expect(formatDate('2026-11-26')).toBe('26/11/2026');
    expect(datePattern()).toBe('DD/MM/YYYY');
  });

  it('writes dates in words in text', () => {
    expect(formatDateText('2026-11-26')).toBe('26 Nov 2026');
    expect(formatDatesInText('Drafted a journal entry dated 2026-11-26')).toBe(
      'Drafted a journal entry dated 26 Nov 2026',
    );
  });

  it('has the grids’ formatter built once warmed, so the first date drawn builds none', () => {
    setDisplayLocale('en-GB');
    warmDateFormats();
    const built = vi.spyOn(Intl, 'DateTimeFormat');

    expect(formatDate('2026-11-26')).toBe('26/11/2026');
    expect(built).not.toHaveBeenCalled();
  });

  it('never moves a calendar date to the day before', () => {
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
  });

  it('takes the locale from the country in the organization location', () => {
    expect(localeForLocation('Lagos, Nigeria')).toBe('en-NG');
    expect(localeForLocation('Austin, United States')).toBe('en-US');
    expect(localeForLocation(null)).toBe(DEFAULT_LOCALE);
    setDisplayLocale(localeForLocation('Austin, United States'));
    expect(formatDate('2026-11-26')).toBe('11/26/2026');
    expect(datePattern()).toBe('MM/DD/YYYY');
  });

  it('reads what people type in the locale pattern or as ISO', () => {
    expect(parseDisplayDate('31/01/2026')).toBe('2026-01-31');
    expect(parseDisplayDate('1/2/2026')).toBe('2026-02-01');
    expect(parseDisplayDate('2026-01-31')).toBe('2026-01-31');
    expect(parseDisplayDate('31/02/2026')).toBeNull();
    expect(parseDisplayDate('01/31/2026')).toBeNull();
  });
});

describe('pay periods in words', () => {
  it('writes a YYYY-MM period as its month and year', () => {
    expect(formatMonth('2026-03')).toBe('Mar 2026');
    expect(formatMonth('2026-03', 'long')).toBe('March 2026');
  });

  it('leaves what is not a month as it is', () => {
    expect(formatMonth('2026-13')).toBe('2026-13');
    expect(formatMonth('')).toBe('');
  });
});
