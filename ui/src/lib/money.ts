/**
 * Exact money arithmetic on the API's decimal strings (DESIGN.md §5, STYLE.md rule 3).
 *
 * Amounts are held as integer cents in a BigInt, so debits = credits is decided exactly:
 * 0.1 + 0.2 is 0.30 here, never 0.30000000000000004. Parsing is strict about what the
 * server accepts (at most two decimals), so the form can say why a value is refused
 * before the server does.
 */

/** DESIGN.md §5 / domain `MONEY_DECIMALS`: amounts carry at most two places. */
export const MONEY_DECIMALS = 2;

const CENTS_PER_UNIT = 100n;

/** Digits, an optional point and at most two decimals; thousands separators allowed. */
const AMOUNT_PATTERN = /^(-)?(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d{0,2}))?$/;

/**
 * The amount in `text` as integer cents, or null when it is not a money amount.
 * Blank is zero: a line with no credit has an empty credit cell.
 */
export function parseCents(text: string | null | undefined): bigint | null {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return 0n;
  const match = AMOUNT_PATTERN.exec(trimmed);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const units = BigInt(whole.replaceAll(',', '') || '0');
  const cents = BigInt(fraction.padEnd(MONEY_DECIMALS, '0') || '0');
  const value = units * CENTS_PER_UNIT + cents;
  return sign ? -value : value;
}

/** Like `parseCents`, for strings the server sent (trusted; a bad one is a bug, shown as 0). */
export function centsOf(text: string | null | undefined): bigint {
  return parseCents(text) ?? 0n;
}

/** Cents back to the API's decimal string: 123456n → "1234.56". */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const absolute = negative ? -cents : cents;
  const units = absolute / CENTS_PER_UNIT;
  const fraction = (absolute % CENTS_PER_UNIT).toString().padStart(MONEY_DECIMALS, '0');
  return `${negative ? '-' : ''}${units.toString()}.${fraction}`;
}

/**
 * What someone typed in an amount field ("1,500,000", "1500000.00", " 1500000 ") as the
 * API's plain decimal string ("1500000.00"); null when blank or not an amount.
 */
export function amountInput(text: string | null | undefined): string | null {
  if ((text ?? '').trim() === '') return null;
  const cents = parseCents(text);
  return cents === null ? null : centsToDecimal(cents);
}

/** The words an amount field shows when what was typed is not an amount. */
export const AMOUNT_INPUT_HINT = 'Enter an amount such as 1,500,000 or 1500000.00';

/** The exact sum of decimal strings, as a decimal string. */
export function sumDecimals(values: readonly (string | null | undefined)[]): string {
  return centsToDecimal(values.reduce<bigint>((total, value) => total + centsOf(value), 0n));
}

function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * "1234567.5" → "1,234,567.50": the grouped magnitude, without sign or symbol. What an
 * amount input shows back; every amount shown as a figure goes through `formatMoney`.
 */
export function formatAmount(value: string | bigint | null | undefined): string {
  const cents = typeof value === 'bigint' ? value : centsOf(value);
  const [units = '0', fraction = '00'] = centsToDecimal(cents < 0n ? -cents : cents).split('.');
  return `${group(units)}.${fraction}`;
}

const symbols = new Map<string, string>();

/** The narrow symbol of an ISO currency code (NGN → ₦), or the code when unknown. */
export function currencySymbol(currency: string): string {
  const cached = symbols.get(currency);
  if (cached !== undefined) return cached;
  let symbol = currency;
  try {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(0);
    symbol = parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    // An unknown code: show the code itself.
  }
  symbols.set(currency, symbol);
  return symbol;
}

/** Accountants' negatives: "(₦1,234.50)", never a minus sign that a column can hide. */
function bracketIfNegative(negative: boolean, text: string): string {
  return negative ? `(${text})` : text;
}

/**
 * THE money formatter: "₦1,234,567.89", negatives in brackets "(₦1,234,567.89)" —
 * grids, cards, charts' tooltips, audit findings, activity log and entry history alike.
 */
export function formatMoney(value: string | bigint | null | undefined, currency: string): string {
  const cents = typeof value === 'bigint' ? value : centsOf(value);
  return bracketIfNegative(cents < 0n, `${currencySymbol(currency)}${formatAmount(cents)}`);
}

/** Compact axis labels for charts ("₦1.2M", "(₦300K)"): display only, never summed. */
export function formatCompactMoney(value: number, currency: string): string {
  const compact = new Intl.NumberFormat('en', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(Math.abs(value));
  return bracketIfNegative(value < 0, `${currencySymbol(currency)}${compact}`);
}

/**
 * A chart tooltip's value in the one money format. Charts hand back the plotted number
 * (from `toChartNumber`, so at most two places); anything else (a label) shows as given.
 */
export function formatChartMoney(value: unknown, currency: string): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return String(value ?? '');
  return formatMoney(value.toFixed(MONEY_DECIMALS), currency);
}

/**
 * An amount in server text: a plain two-place decimal ("for 1633186.21"), or a whole number
 * after "total" ("with total 650000"). Not part of a longer number or id, and not a
 * statistic ("z = 5.15").
 */
const AMOUNT_IN_TEXT = /(?<![\w.-]|= )-?\d+\.\d{2}(?![\w.])|(?<=\btotal )\d+(?![\w.])/g;

/**
 * Server sentences ("Posted JE-000290 … for 1633186.21") with their amounts in the one
 * money format, so the activity log, entry history and audit reasons read like the grids.
 */
export function formatAmountsInText(text: string, currency: string): string {
  return text.replace(AMOUNT_IN_TEXT, (amount) => formatMoney(amount, currency));
}

/**
 * A decimal string as a JavaScript number, for chart geometry only (bar heights); money
 * shown as text or added up always goes through the cent helpers above.
 */
export function toChartNumber(value: string | null | undefined): number {
  return Number(centsOf(value)) / Number(CENTS_PER_UNIT);
}

export function isZero(value: string | null | undefined): boolean {
  return centsOf(value) === 0n;
}
