import { Badge, Center, Group, Stack, Text } from '@mantine/core';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import type { DigitTest } from '../api/schemas';
import { CONFORMITY_LABELS, benfordSeries } from './audit-format';
import { SectionCard } from './section-card';

function ConformityBadge({ test }: { test: DigitTest }) {
  if (test.outcome.status !== 'analysed') {
    return (
      <Badge variant="light" color="gray" radius="sm" data-testid="benford-verdict">
        Insufficient data
      </Badge>
    );
  }
  const verdict = test.outcome.conformity ? CONFORMITY_LABELS[test.outcome.conformity] : null;
  // The MAD sits beside the badge, not in it: a badge truncates long text.
  return (
    <Group gap={6} wrap="nowrap" data-testid="benford-verdict">
      <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        MAD {test.outcome.mad.toFixed(4)}
      </Text>
      <Badge variant="light" color={verdict?.color ?? 'gray'} radius="sm">
        {verdict?.label ?? 'No MAD verdict'}
      </Badge>
    </Group>
  );
}

/**
 * Benford's first-digit test: observed proportions (bars) against the expected curve
 * (line), with Nigrini's MAD verdict. Too few amounts are said plainly — an empty chart
 * would read as "no anomalies".
 */
export function BenfordChart({ test }: { test: DigitTest | undefined }) {
  const series = test ? benfordSeries(test) : null;
  return (
    <SectionCard
      title="Benford: first digit"
      caption={
        test
          ? `${test.amounts_analysed.toLocaleString('en')} line amounts analysed, ${test.amounts_below_min.toLocaleString('en')} below the minimum left out`
          : 'Not run'
      }
      aside={test && <ConformityBadge test={test} />}
      testId="audit-benford"
    >
      {series ? (
        <ResponsiveContainer width="100%" height={220}>
          <ComposedChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="digit" tickLine={false} fontSize={12} />
            <YAxis unit="%" tickLine={false} fontSize={12} />
            <Tooltip formatter={(value, name) => [`${String(value)}%`, name]} />
            <Legend iconSize={10} wrapperStyle={{ fontSize: 12 }} />
            <Bar
              dataKey="observed"
              name="Observed"
              fill="var(--mantine-color-blue-5)"
              isAnimationActive={false}
            />
            <Line
              dataKey="expected"
              name="Expected (Benford)"
              stroke="var(--mantine-color-dark-4)"
              strokeWidth={2}
              dot={{ r: 2 }}
              isAnimationActive={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      ) : (
        <Center h={220}>
          <Stack gap={4} align="center" maw={360}>
            <Text size="sm" fw={500}>
              Insufficient data
            </Text>
            <Text size="xs" c="dimmed" ta="center">
              {test?.outcome.status === 'insufficient_data'
                ? `${test.outcome.amounts} amounts qualify; the test needs at least ${test.outcome.amounts_min} before its result means anything.`
                : 'The digit test did not run for this session.'}
            </Text>
          </Stack>
        </Center>
      )}
    </SectionCard>
  );
}
