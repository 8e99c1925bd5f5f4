/**
 * THE date formatter: calendar dates and moments in the organization's locale
 * (`lib/locale.ts`). Grids and pickers show dates as numbers ("26/11/2026" in Nigeria),
 * sentences as words ("26 Nov 2026"); the API keeps ISO (`YYYY-MM-DD`, RFC 3339).
 */
import { getDisplayLocale } from './locale';
import { getDisplayTimeZone } from './time-zone';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = getDisplayLocale();
  const cacheKey = `${locale}|${key}`;
  let cached = formatters.get(cacheKey);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, options);
    formatters.set(cacheKey, cached);
  }
  return cached;
}

const NUMERIC_DATE: Intl.DateTimeFormatOptions = {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
};
const TEXT_DATE: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
};

/** A calendar date as a UTC midnight, so no time zone moves it to the day before. */
function calendarDay(iso: string): Date | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Builds the grids' date formatter ahead of need. A page's first `Intl.DateTimeFormat`
 * loads the locale data (15–30 ms in chromium); called while the first screen's code is
 * still downloading, that cost leaves the screen's first drawing.
 */
export function warmDateFormats(): void {
  formatter('date', NUMERIC_DATE);
}

/** "2026-11-26" → "26/11/2026" (grids, pickers); anything else comes back unchanged. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const day = calendarDay(iso);
  return day ? formatter('date', NUMERIC_DATE).format(day) : iso;
}

/** "2026-11-26" → "26 Nov 2026" (sentences, captions, cards). */
export function formatDateText(iso: string | null | undefined): string {
  if (!iso) return '';
  const day = calendarDay(iso);
  return day ? formatter('text', TEXT_DATE).format(day) : iso;
}

const MONTH = /^(\d{4})-(\d{2})$/;

/**
 * A month (`YYYY-MM`, a pay period) in words: "Mar 2026", or with `long` "March 2026";
 * anything else comes back unchanged.
 */
export function formatMonth(period: string | null | undefined, style: 'short' | 'long' = 'short') {
  if (!period) return '';
  const match = MONTH.exec(period);
  if (!match) return period;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return period;
  const day = new Date(Date.UTC(Number(match[1]), month - 1, 1));
  return formatter(`month-${style}`, { month: style, year: 'numeric', timeZone: 'UTC' }).format(
    day,
  );
}

/**
 * A moment as people read it, e.g. "3 Mar 2026, 14:05" (a notification's creation time,
 * spec §2), on the workspace's clock (`lib/time-zone`).
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const timeZone = getDisplayTimeZone();
  return formatter(`moment|${timeZone}`, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

/** ISO dates inside server sentences ("Drafted … dated 2026-11-26") in words. */
export function formatDatesInText(text: string): string {
  return text.replace(/(?<![\w-])\d{4}-\d{2}-\d{2}(?![\w:-])/g, (iso) => formatDateText(iso));
}

/**
 * The numeric date pattern of the locale as a picker's format ("DD/MM/YYYY" for
 * en-NG, "MM/DD/YYYY" for en-US), read from Intl so the picker and the grids agree.
 */
export function datePattern(): string {
  const parts = formatter('date', NUMERIC_DATE).formatToParts(new Date(Date.UTC(2026, 10, 26)));
  return parts
    .map((part) =>
      part.type === 'day'
        ? 'DD'
        : part.type === 'month'
          ? 'MM'
          : part.type === 'year'
            ? 'YYYY'
            : part.value,
    )
    .join('');
}

/**
 * What someone typed in a date field, as ISO: the locale's pattern ("31/01/2026", also
 * with one-digit day or month, and "-" or "." between), or ISO itself; null otherwise.
 */
export function parseDisplayDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  let year: number;
  let month: number;
  let day: number;
  if (iso) {
    [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  } else {
    const numbers = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
    if (!numbers) return null;
    const monthFirst = datePattern().startsWith('MM');
    const [first, second] = [Number(numbers[1]), Number(numbers[2])];
    [day, month] = monthFirst ? [second, first] : [first, second];
    year = Number(numbers[3]);
  }
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
