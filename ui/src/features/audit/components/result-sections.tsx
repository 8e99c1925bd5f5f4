import { Drawer, SimpleGrid, Stack } from '@mantine/core';
import { useState, type ReactNode } from 'react';

import type { Conclusion } from '../api/findings';
import type { AuditResult, EntryScore } from '../api/schemas';
import { testLabel } from './audit-format';
import { DigitTestsChart } from './digit-tests-chart';
import { FlaggedEntriesGrid } from './flagged-entries-grid';
import { RiskDistributionChart } from './risk-distribution-chart';
import { ScoreBreakdownDrawer } from './score-breakdown-drawer';
import { TestResultsTable } from './test-results-table';

type ResultSectionsProps = {
  result: AuditResult;
  /** Passed on the signed-in page so the drawer can show the entry's history. */
  workspaceId?: string | null;
  /** Each finding's current conclusion, by `targetKey` (see `api/findings.ts`). */
  conclusions?: Map<string, Conclusion>;
  /** The selected entry's notes and conclusions, for the drawer. */
  entryNotes?: (score: EntryScore) => ReactNode;
  /** A control point's notes and conclusions, for its drawer (signed-in page only). */
  testNotes?: (test: string) => ReactNode;
};

/** A session's result, the same on the session page and on the public view. */
export function ResultSections({
  result,
  workspaceId,
  conclusions,
  entryNotes,
  testNotes,
}: ResultSectionsProps) {
  const [selected, setSelected] = useState<EntryScore | null>(null);
  const [selectedTest, setSelectedTest] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RiskDistributionChart distribution={result.distribution} />
        <DigitTestsChart tests={result.digit_tests} />
      </SimpleGrid>
      <FlaggedEntriesGrid
        flagged={result.flagged}
        onSelect={setSelected}
        conclusions={conclusions}
      />
      <TestResultsTable
        result={result}
        conclusions={conclusions}
        onOpenTest={testNotes ? setSelectedTest : undefined}
      />
      <ScoreBreakdownDrawer
        score={selected}
        findings={result.findings}
        workspaceId={workspaceId}
        onClose={() => setSelected(null)}
      >
        {selected && entryNotes?.(selected)}
      </ScoreBreakdownDrawer>
      <Drawer
        opened={selectedTest !== null}
        onClose={() => setSelectedTest(null)}
        position="right"
        size="md"
        title={selectedTest ? `Conclusion: ${testLabel(selectedTest)}` : ''}
      >
        {selectedTest && testNotes?.(selectedTest)}
      </Drawer>
    </Stack>
  );
}
