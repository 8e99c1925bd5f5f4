/**
 * The locale the screens format dates in: the organization's country's (Nigeria →
 * en-NG: 26/11/2026), so grids, pickers and sentences agree. The organization's
 * `location` is free text ("Lagos, Nigeria"); its country is looked for by name.
 */

/** DESIGN.md §5 defaults a workspace to NGN: Nigeria's conventions until told otherwise. */
export const DEFAULT_LOCALE = 'en-NG';

/** Country names (lower case) and common short forms, to the locale people there read. */
const COUNTRY_LOCALES: readonly (readonly [string, string])[] = [
  ['nigeria', 'en-NG'],
  ['ghana', 'en-GH'],
  ['kenya', 'en-KE'],
  ['south africa', 'en-ZA'],
  ['uganda', 'en-UG'],
  ['tanzania', 'en-TZ'],
  ['rwanda', 'en-RW'],
  ['zambia', 'en-ZM'],
  ['united kingdom', 'en-GB'],
  ['england', 'en-GB'],
  ['ireland', 'en-IE'],
  ['united states', 'en-US'],
  ['usa', 'en-US'],
  ['canada', 'en-CA'],
  ['india', 'en-IN'],
  ['australia', 'en-AU'],
];

/** The locale for an organization's location, or the default when no country is named. */
export function localeForLocation(location: string | null | undefined): string {
  const text = (location ?? '').toLowerCase();
  const found = COUNTRY_LOCALES.find(([country]) =>
    new RegExp(`(^|[^a-z])${country}([^a-z]|$)`).test(text),
  );
  return found ? found[1] : DEFAULT_LOCALE;
}

let displayLocale = DEFAULT_LOCALE;

/** Set once the organization is known (the main layout does it). */
export function setDisplayLocale(locale: string): void {
  displayLocale = locale;
}

export function getDisplayLocale(): string {
  return displayLocale;
}
