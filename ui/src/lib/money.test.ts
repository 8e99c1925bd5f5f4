import { centsToDecimal, formatAmount, formatMoney, parseCents, sumDecimals } from '@/lib/money';

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

  it('formats with grouping and the currency symbol', () => {
    expect(formatAmount('1234567.5')).toBe('1,234,567.50');
    expect(formatAmount('-0.05')).toBe('-0.05');
    expect(centsToDecimal(-12345n)).toBe('-123.45');
    expect(formatMoney('1500', 'NGN')).toBe('₦1,500.00');
    expect(formatMoney('-2.5', 'USD')).toBe('-$2.50');
  });
});
