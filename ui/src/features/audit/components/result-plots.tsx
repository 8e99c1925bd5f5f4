/**
 * The audit result's plots: the only code of the session page that needs the chart
 * library. Loaded on first draw (`lazy-plots.tsx`), so the session's figures and its
 * findings grid are on screen without waiting for the library's chunk.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from '@/lib/charts';

import { DRAWN_AT_ONCE } from '@/lib/chart-axes';

import { BAND_FILLS, PLOT_HEIGHT, type BenfordPoint, type DistributionPoint } from './audit-format';

/** Entries per risk band, one bar each in the band's colour. */
export function RiskBandBars({ series }: { series: DistributionPoint[] }) {
  return (
    <ResponsiveContainer width="100%" height={PLOT_HEIGHT}>
      <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tickLine={false} fontSize={12} />
        <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
        <Tooltip formatter={(value) => [value, 'Entries']} />
        <Bar {...DRAWN_AT_ONCE} dataKey="entries" radius={[3, 3, 0, 0]}>
          {series.map((point) => (
            <Cell key={point.band} fill={BAND_FILLS[point.band]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** One digit test's observed proportions (bars) against the expected curve (line). */
export function DigitProportions({
  series,
  expectedName,
}: {
  series: BenfordPoint[];
  expectedName: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={PLOT_HEIGHT}>
      <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        {/* 90 or 100 buckets: recharts thins the ticks so the labels stay legible. */}
        <XAxis dataKey="digit" tickLine={false} fontSize={12} minTickGap={4} />
        <YAxis unit="%" tickLine={false} fontSize={12} />
        <Tooltip formatter={(value, name) => [`${String(value)}%`, name]} />
        <Legend iconSize={10} wrapperStyle={{ fontSize: 12 }} />
        <Bar
          dataKey="observed"
          name="Observed"
          fill="var(--mantine-color-blue-5)"
          {...DRAWN_AT_ONCE}
        />
        <Line
          dataKey="expected"
          name={expectedName}
          stroke="var(--mantine-color-dark-4)"
          strokeWidth={2}
          dot={series.length <= 10 ? { r: 2 } : false}
          {...DRAWN_AT_ONCE}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
