import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { formatMoney } from '@/lib/money';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { formatDateText } from '@/lib/format-date-time';

import type { AuditResult, AuditSession } from '../api/schemas';
import { calendarText } from './audit-format';
import { CutoffLabel } from './cutoff-label';
import { SessionStatusBadge } from './session-status-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

type SessionSummaryProps = {
  session: AuditSession;
  population?: AuditResult['population'];
};

/**
 * What was audited: status, period, materiality, the pinned cut-off and the population
 * the tests read. Shared by the session page and the public view.
 */
export function SessionSummary({ session, population }: SessionSummaryProps) {
  const currency = useWorkspaceCurrency();
  return (
    <Paper withBorder radius="md" p="md" data-testid="audit-summary">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg" verticalSpacing="md">
        <Fact label="Status">
          <Group gap={6}>
            <SessionStatusBadge status={session.status} />
          </Group>
        </Fact>
        <Fact label="Period">
          {formatDateText(session.period_start)} – {formatDateText(session.period_end)}
        </Fact>
        <Fact label="Materiality">
          {formatMoney(session.materiality, currency)}
          <Text span size="xs" c="dimmed">
            {' '}
            · performance {formatMoney(session.performance_materiality, currency)}
          </Text>
        </Fact>
        <Fact label="Cut-off">
          <CutoffLabel cutoff={session.cutoff} />
        </Fact>
        {session.calendar && (
          <>
            <Fact label="Business hours">
              <span data-testid="audit-business-hours">{calendarText(session.calendar).hours}</span>
            </Fact>
            <Fact label="Holidays">
              <span data-testid="audit-holidays">{calendarText(session.calendar).holidays}</span>
            </Fact>
          </>
        )}
        {population && (
          <>
            <Fact label="Entries">{population.entries.toLocaleString('en')}</Fact>
            <Fact label="Lines">{population.lines.toLocaleString('en')}</Fact>
            <Fact label="Total debits">{formatMoney(population.total_debits, currency)}</Fact>
            <Fact label="Total credits">{formatMoney(population.total_credits, currency)}</Fact>
          </>
        )}
      </SimpleGrid>
    </Paper>
  );
}
