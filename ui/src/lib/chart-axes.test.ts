import { describe, expect, it } from 'vitest';

import { AXIS_TICKS, moneyAxis, moneyTooltip } from './chart-axes';

describe('a chart’s money axis', () => {
  it('labels amounts in compact money, negatives in brackets', () => {
    const axis = moneyAxis('NGN');
    expect(axis.tickFormatter(1_200_000)).toBe('₦1.2M');
    expect(axis.tickFormatter(-300_000)).toBe('(₦300K)');
  });

  it('is 64 px wide unless a chart needs room for longer labels', () => {
    expect(moneyAxis('NGN').width).toBe(64);
    expect(moneyAxis('NGN', 72).width).toBe(72);
  });

  it('draws small labels without tick marks or an axis line, like the category axis', () => {
    const { tick, tickLine, axisLine } = moneyAxis('NGN');
    expect({ tick, tickLine, axisLine }).toEqual(AXIS_TICKS);
  });
});

describe('a chart’s money tooltip', () => {
  it('shows each amount in full money, negatives in brackets', () => {
    const { formatter } = moneyTooltip('NGN');
    expect(formatter(1_234_567.89)).toBe('₦1,234,567.89');
    expect(formatter(-300_000)).toBe('(₦300,000.00)');
  });
});
