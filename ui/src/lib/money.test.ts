import {
  amountInput,
  centsToDecimal,
  formatAmount,
  formatAmountsInText,
  formatChartMoney,
  formatCompactMoney,
  formatMoney,
  parseCents,
  sumDecimals,
} from '@/lib/money';

describe('money helper', () => {
  it('parses decimal strings to exact integer cents', () => {
    expect(parseCents('1250.5')).toBe(125050n);
    expect(parseCents('1,250.05')).toBe(125005n);
    expect(parseCents('.5')).toBe(50n);
    expect(parseCents('-3')).toBe(-300n);
    expect(parseCents('')).toBe(0n);
  });

  it('refuses what is not a money amount of at most two decimals', () => {
    expect(parseCents('ten')).toBeNull();
    expect(parseCents('1.234')).toBeNull();
    expect(parseCents('1,23.00')).toBeNull();
    expect(parseCents('.')).toBeNull();
  });

  it('sums exactly where JavaScript numbers drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals(['0.10', '0.20'])).toBe('0.30');
    // Beyond 2^53 cents a float loses the last cent; BigInt does not.
    expect(sumDecimals(['999999999999999.99', '0.01'])).toBe('1000000000000000.00');
  });

  it('formats money with grouping and the currency symbol', () => {
    expect(formatMoney('1234567.89', 'NGN')).toBe('₦1,234,567.89');
    expect(formatMoney('1500', 'NGN')).toBe('₦1,500.00');
    expect(centsToDecimal(-12345n)).toBe('-123.45');
  });

  it('shows negative money in brackets, never with a minus sign', () => {
    expect(formatMoney('-1234567.89', 'NGN')).toBe('(₦1,234,567.89)');
    expect(formatMoney('-2.5', 'USD')).toBe('($2.50)');
    expect(formatMoney(-5n, 'NGN')).toBe('(₦0.05)');
  });

  it('brackets negative chart axis labels the same way', () => {
    expect(formatCompactMoney(-1_200_000, 'NGN')).toBe('(₦1.2M)');
    expect(formatCompactMoney(300_000, 'NGN')).toBe('₦300K');
  });

  it('formats chart tooltip values as money, negatives in brackets', () => {
    expect(formatChartMoney(1_234_567.89, 'NGN')).toBe('₦1,234,567.89');
    expect(formatChartMoney(-2500, 'NGN')).toBe('(₦2,500.00)');
  });

  it('shows a chart tooltip value that is not a number as given', () => {
    expect(formatChartMoney('Budget', 'NGN')).toBe('Budget');
    expect(formatChartMoney(undefined, 'NGN')).toBe('');
  });

  it('gives an amount input the grouped magnitude alone', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
  });

  it('formats the amounts inside server sentences and leaves statistics alone', () => {
    expect(formatAmountsInText('Posted JE-000290 dated 2026-11-22 for 1633186.21', 'NGN')).toBe(
      'Posted JE-000290 dated 2026-11-22 for ₦1,633,186.21',
    );
    expect(
      formatAmountsInText(
        '8596013.00 on account: modified z = 6.49 (median 1649633.34, MAD 0.0745)',
        'NGN',
      ),
    ).toBe('₦8,596,013.00 on account: modified z = 6.49 (median ₦1,649,633.34, MAD 0.0745)');
    expect(formatAmountsInText('2 entries with total 650000, the same accounts', 'NGN')).toBe(
      '2 entries with total ₦650,000.00, the same accounts',
    );
  });

  it('reads amounts as people type them into the API decimal string', () => {
    expect(amountInput('1,500,000')).toBe('1500000.00');
    expect(amountInput('1500000.00')).toBe('1500000.00');
    expect(amountInput(' 1500000.5 ')).toBe('1500000.50');
    expect(amountInput('1.500.000')).toBeNull();
    expect(amountInput('')).toBeNull();
  });
});
