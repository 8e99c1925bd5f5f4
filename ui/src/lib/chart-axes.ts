/**
 * The money charts' one look, spread onto recharts' own components (which must stay the
 * chart's direct children): a light horizontal grid, small axis labels without lines,
 * amounts on the value axis in compact money ("₦1.2M", "(₦300K)") and in full in the
 * tooltip. Every series draws at once (`DRAWN_AT_ONCE`).
 */
import { formatChartMoney, formatCompactMoney } from './money';

/**
 * Spread on every series (bar, line, area): the chart draws in its final shape. recharts
 * grows a series over 1.5 s by default, drawing the chart again on every frame while the
 * user may already be reading it or moving on; figures here are read, not watched.
 */
export const DRAWN_AT_ONCE = { isAnimationActive: false } as const;

export const CHART_GRID = { strokeDasharray: '3 3', vertical: false, stroke: '#e4e4e7' } as const;

export const AXIS_TICKS = { tick: { fontSize: 11 }, tickLine: false, axisLine: false } as const;

/** The value axis of amounts in `currency`, `width` px wide for its labels. */
export function moneyAxis(currency: string, width = 64) {
  return {
    ...AXIS_TICKS,
    width,
    tickFormatter: (value: number) => formatCompactMoney(value, currency),
  };
}

/** The tooltip of amounts in `currency`: each value in full money. */
export function moneyTooltip(currency: string) {
  return { formatter: (value: unknown) => formatChartMoney(value, currency) };
}
