import { Alert, List, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';

import type { AuditResult } from '../api/schemas';
import { testLabel } from './audit-format';
import { SectionCard } from './section-card';

/**
 * Findings and entries per control point, and the limitations: steps that did not run or
 * ran on part of the population, so "no findings" is never read as "tested and clean".
 */
export function TestResultsTable({ result }: { result: AuditResult }) {
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
