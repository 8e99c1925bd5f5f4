import { Alert, Badge, Button, List, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

import { conclusionColor, conclusionLabel, type Conclusion } from '../api/findings';
import type { AuditResult } from '../api/schemas';
import { testLabel } from './audit-format';
import { SectionCard } from './section-card';

function TestConclusion({ value }: { value: Conclusion | undefined }) {
  if (!value) return null;
  return (
    <Badge variant="light" color={conclusionColor(value)} radius="sm" size="sm">
      {conclusionLabel(value)}
    </Badge>
  );
}

/**
 * Findings and entries per control point, and the limitations: steps that did not run or
 * ran on part of the population, so "no findings" is never read as "tested and clean".
 */
export function TestResultsTable({
  result,
  conclusions,
  onOpenTest,
}: {
  result: AuditResult;
  /** Current conclusions by `targetKey`: a control point's shows beside its counts. */
  conclusions?: Map<string, Conclusion>;
  /** Opens a control point's notes and conclusion (absent on the public view). */
  onOpenTest?: (test: string) => void;
}) {
  const fired = result.counts.filter((count) => count.findings > 0).length;
  return (
    <SectionCard
      title="Test results"
      caption={`${result.counts.length} control points, ${fired} with findings`}
      testId="audit-tests"
    >
      <Stack gap="sm">
        <Table verticalSpacing={4} fz="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Control point</Table.Th>
              <Table.Th ta="right">Findings</Table.Th>
              <Table.Th ta="right">Entries</Table.Th>
              {conclusions && <Table.Th>Conclusion</Table.Th>}
              {onOpenTest && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.counts.map((count) => (
              <Table.Tr key={count.test}>
                <Table.Td>{testLabel(count.test)}</Table.Td>
                <Table.Td ta="right" fw={count.findings > 0 ? 600 : undefined}>
                  {count.findings}
                </Table.Td>
                <Table.Td ta="right">{count.entries}</Table.Td>
                {conclusions && (
                  <Table.Td>
                    <TestConclusion value={conclusions.get(`test:${count.test}`)} />
                  </Table.Td>
                )}
                {onOpenTest && (
                  <Table.Td ta="right">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => onOpenTest(count.test)}
                      aria-label={`Notes and conclusion: ${testLabel(count.test)}`}
                    >
                      {conclusions?.has(`test:${count.test}`) ? 'Review' : 'Conclude'}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {result.limitations.length > 0 && (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconInfoCircle size={16} />}
            title="Limitations"
          >
            <List size="xs" spacing={2}>
              {result.limitations.map((limitation) => (
                <List.Item key={`${limitation.step}:${limitation.reason}`}>
                  <Text span size="xs" fw={600}>
                    {testLabel(limitation.step)}:
                  </Text>{' '}
                  {limitation.reason}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </SectionCard>
  );
}
