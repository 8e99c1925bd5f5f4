import { Badge, Center, Group, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';

import type { DigitTest } from '../api/schemas';
import {
  CONFORMITY_LABELS,
  DIGIT_TESTS,
  PLOT_HEIGHT,
  benfordSeries,
  findDigitTest,
} from './audit-format';
import { LazyDigitProportions } from './lazy-plots';
import { SectionCard } from './section-card';

/**
 * The test's MAD and its verdict: Nigrini's conformity band for the Benford tests, and
 * for the last-two-digits test (uniform, no published MAD bands) whether it departs.
 */
function DigitVerdict({ test }: { test: DigitTest }) {
  if (test.outcome.status !== 'analysed') {
    return (
      <Badge variant="light" color="gray" radius="sm" data-testid="benford-verdict">
        Insufficient data
      </Badge>
    );
  }
  const verdict = test.outcome.conformity
    ? CONFORMITY_LABELS[test.outcome.conformity]
    : test.outcome.departs
      ? { label: 'Departs from uniform', color: 'red' }
      : { label: 'No departure', color: 'teal' };
  // The MAD sits beside the badge, not in it: a badge truncates long text.
  return (
    <Group gap={6} wrap="nowrap" data-testid="benford-verdict">
      <Text size="xs" c="dimmed" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
        MAD {test.outcome.mad.toFixed(4)}
      </Text>
      <Badge variant="light" color={verdict.color} radius="sm">
        {verdict.label}
      </Badge>
    </Group>
  );
}

/** One test's observed proportions (bars) against the expected curve (line). */
function DigitPlot({ test, expectedName }: { test: DigitTest | undefined; expectedName: string }) {
  const series = test ? benfordSeries(test) : null;
  if (!series) {
    return (
      <Center h={PLOT_HEIGHT}>
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
    );
  }
  return <LazyDigitProportions series={series} expectedName={expectedName} />;
}

/**
 * The four digit tests in tabs — first digit, first two, second digit, last two — each
 * observed against expected with its MAD verdict. Too few amounts are said plainly: an
 * empty chart would read as "no anomalies". Only the open tab is mounted, so its chart
 * measures a visible box and the page holds one verdict at a time.
 */
export function DigitTestsChart({ tests }: { tests: readonly DigitTest[] }) {
  const [active, setActive] = useState<string>(DIGIT_TESTS[0].kind);
  const current = DIGIT_TESTS.find((d) => d.kind === active) ?? DIGIT_TESTS[0];
  const test = findDigitTest(tests, current.kind);
  return (
    <SectionCard
      title={`Digit tests: ${current.title}`}
      caption={
        test
          ? `${test.amounts_analysed.toLocaleString('en')} line amounts analysed, ${test.amounts_below_min.toLocaleString('en')} below the minimum left out`
          : 'Not run'
      }
      aside={test && <DigitVerdict test={test} />}
      testId="audit-benford"
    >
      <Tabs value={active} onChange={(v) => v && setActive(v)} keepMounted={false}>
        <Tabs.List mb="xs">
          {DIGIT_TESTS.map((d) => (
            <Tabs.Tab key={d.kind} value={d.kind} fz="xs">
              {d.tab}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {DIGIT_TESTS.map((d) => (
          <Tabs.Panel key={d.kind} value={d.kind} data-testid={`digit-test-${d.kind}`}>
            <DigitPlot test={findDigitTest(tests, d.kind)} expectedName={d.expectedName} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </SectionCard>
  );
}
