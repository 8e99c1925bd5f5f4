/** Default comparison periods of the statements. Dates are ISO calendar days. */

/** The same day `years` years away; 29 February becomes 28 February in other years. */
export function shiftYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  let monthDay = date.slice(4);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (monthDay === '-02-29' && !leap) monthDay = '-02-28';
  return `${String(year).padStart(4, '0')}${monthDay}`;
}

/** The last day of the year before `date`'s: a balance sheet's usual comparison. */
export function endOfPreviousYear(date: string): string {
  return `${String(Number(date.slice(0, 4)) - 1).padStart(4, '0')}-12-31`;
}

/** The day before `date`. */
export function dayBefore(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) - 86_400_000);
  return day.toISOString().slice(0, 10);
}
