/** Pay periods (`YYYY-MM`) and the dates a run form starts from. */
import { formatMonth } from '@/lib/format-date-time';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today as an ISO calendar day in the user's zone. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The month holding `now`, as `YYYY-MM`. */
export function currentPeriod(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
}

/** The last day of a period: where a month's pay date usually falls. */
export function lastDayOf(period: string): string {
  const [year, month] = period.split('-').map(Number);
  const last = new Date(Date.UTC(year ?? 1970, month ?? 1, 0)).getUTCDate();
  return `${period}-${pad(last)}`;
}

/** How far back and ahead the period picker reaches, in months. */
export const PERIODS_BACK = 36;
export const PERIODS_AHEAD = 3;

/** Periods to choose from, newest first: a few months ahead down to three years back. */
export function periodChoices(now: Date = new Date()): { value: string; label: string }[] {
  const choices: { value: string; label: string }[] = [];
  for (let offset = PERIODS_AHEAD; offset >= -PERIODS_BACK; offset -= 1) {
    const day = new Date(now.getFullYear(), now.getMonth() + offset, 1);
    const value = currentPeriod(day);
    choices.push({ value, label: formatMonth(value, 'long') });
  }
  return choices;
}

/** The twelve periods of a year, January first. */
export function periodsOfYear(year: number): string[] {
  return Array.from({ length: 12 }, (_, index) => `${year}-${pad(index + 1)}`);
}
