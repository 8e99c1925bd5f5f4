/**
 * What an asset's net-book-value plot draws: one point per month of its schedule. Kept
 * apart from the plot so the asset's page can hold its place without the chart library.
 */
import { toChartNumber } from '@/lib/money';

import type { ScheduleRow } from '../api/fixed-assets';

/** The plot's height, which its place holds while the chart library loads. */
export const NBV_PLOT_HEIGHT = 220;

export type NbvPoint = { period: string; nbv: number };

export function nbvSeries(rows: readonly ScheduleRow[]): NbvPoint[] {
  return rows.map((row) => ({ period: row.period, nbv: toChartNumber(row.closing_nbv) }));
}
