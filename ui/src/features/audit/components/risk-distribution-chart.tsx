import type { AuditResult } from '../api/schemas';
import { distributionSeries } from './audit-format';
import { LazyRiskBandBars } from './lazy-plots';
import { SectionCard } from './section-card';

/** Entries per risk band (every entry of the population, low ones included). */
export function RiskDistributionChart({
  distribution,
}: {
  distribution: AuditResult['distribution'];
}) {
  return (
    <SectionCard
      title="Risk distribution"
      caption="Entries of the population per risk band"
      testId="audit-distribution"
    >
      <LazyRiskBandBars series={distributionSeries(distribution)} />
    </SectionCard>
  );
}
