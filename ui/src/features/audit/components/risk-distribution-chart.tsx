import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import type { AuditResult } from '../api/schemas';
import { BAND_FILLS, distributionSeries } from './audit-format';
import { SectionCard } from './section-card';

/** Entries per risk band (every entry of the population, low ones included). */
export function RiskDistributionChart({
  distribution,
}: {
  distribution: AuditResult['distribution'];
}) {
  const series = distributionSeries(distribution);
  return (
    <SectionCard
      title="Risk distribution"
      caption="Entries of the population per risk band"
      testId="audit-distribution"
    >
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tickLine={false} fontSize={12} />
          <YAxis allowDecimals={false} tickLine={false} fontSize={12} />
          <Tooltip formatter={(value) => [value, 'Entries']} />
          <Bar dataKey="entries" radius={[3, 3, 0, 0]} isAnimationActive={false}>
            {series.map((point) => (
              <Cell key={point.band} fill={BAND_FILLS[point.band]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </SectionCard>
  );
}
