import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowUpRight,
  IconBook2,
  IconBuildingBank,
  IconPlus,
  IconReceipt,
  IconTrendingDown,
  IconTrendingUp,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { EmptyState } from '@/components/ui/empty-state';
import { lazyChart } from '@/components/ui/lazy-chart';
import { paths } from '@/config/paths';
import { centsOf, formatMoney } from '@/lib/money';

import { useDashboard } from '../api/dashboard';
import { useSetupProgress } from '../api/setup-progress';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';
import { formatDate, formatDateText } from '@/lib/format-date-time';
import { useBooksPermissions } from '../hooks/use-books-permissions';
import { useQueryState } from '../hooks/use-query-state';
import {
  DASHBOARD_PERIODS,
  DASHBOARD_PERIOD_LABELS,
  dashboardDefaults,
  dashboardRangeOf,
  isDashboardPeriod,
  type DashboardPeriod,
} from '../lib/dashboard-period';
import { DASHBOARD_PLOT_HEIGHT, monthlySeries } from '../lib/dashboard-series';
import { todayIso } from '../lib/periods';
import {
  entryLink,
  incomeStatementLink,
  ledgerLink,
  summaryLink,
  trialBalanceLink,
} from '../lib/report-links';

import { DateField } from './report-toolbar';
import { EntryStatusBadge } from './entry-status-badge';
import { SetupChecklist } from './setup-checklist';

type FigureProps = {
  label: string;
  value: string | null;
  to: string;
  icon: ReactNode;
  color: string;
  caption: string;
  testId: string;
};

/** A headline number that opens the report behind it. */
function Figure({ label, value, to, icon, color, caption, testId }: FigureProps) {
  return (
    <Paper
      component={Link}
      to={to}
      withBorder
      radius="lg"
      p="md"
      style={{ textDecoration: 'none', color: 'inherit' }}
      data-testid={testId}
    >
      <Group justify="space-between" align="flex-start" mb="sm">
        <ThemeIcon variant="light" color={color} radius="md" size={34}>
          {icon}
        </ThemeIcon>
        <IconArrowUpRight size={16} color="var(--mantine-color-gray-4)" />
      </Group>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} lts={0.4}>
        {label}
      </Text>
      {value === null ? (
        <Skeleton h={28} mt={4} w="70%" />
      ) : (
        <Text fz={24} fw={700} className="ledger-money" lh={1.3}>
          {value}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {caption}
      </Text>
    </Paper>
  );
}

/** The organization's set-up checklist, while it has steps left and is not dismissed. */
function DashboardSetup() {
  const { progress, update } = useSetupProgress();
  const { canEditSettings } = useBooksPermissions();
  if (!progress) return null;
  // A refused change is already told by the API client's toast; the list stays as it was.
  const change = (what: { skip?: string; dismiss?: boolean }) => void update(what).catch(() => {});
  return (
    <SetupChecklist
      progress={progress}
      canEdit={canEditSettings}
      onSkip={(step) => change({ skip: step })}
      onDismiss={() => change({ dismiss: true })}
    />
  );
}

const LazyIncomeExpenseBars = lazyChart(
  () => import('./dashboard-plot').then((m) => m.IncomeExpenseBars),
  DASHBOARD_PLOT_HEIGHT,
);

/** The read failed (the API client has said why): a way to ask again, not a skeleton. */
function DashboardError({ onRetry }: { onRetry: () => void }) {
  return (
    <Paper withBorder radius="lg" p="xl" role="alert">
      <Stack align="center" gap="xs" ta="center">
        <Title order={2} size="h5">
          The dashboard could not be loaded
        </Title>
        <Text size="sm" c="dimmed">
          Its figures come from the server&apos;s reports. Try again in a moment.
        </Text>
        <Button variant="default" onClick={onRetry} mt="xs">
          Try again
        </Button>
      </Stack>
    </Paper>
  );
}

/** "this quarter" → "This quarter". */
function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The dashboard, as the server computes it (GET dashboard/): cash position at the end of
 * the chosen period (the last 12 months by default; the period lives in the URL), income,
 * expenses and net income over it, its income vs expense chart by month, its top expense
 * accounts and the recent entries. Each figure opens the report behind it, for the period.
 */
export function DashboardView() {
  const today = todayIso();
  const currency = useWorkspaceCurrency();
  const { canWriteDrafts } = useBooksPermissions();
  const [query, setQuery] = useQueryState(dashboardDefaults());
  const period: DashboardPeriod = isDashboardPeriod(query.period) ? query.period : 'last12';
  const range = dashboardRangeOf(query, today);
  const { data: dashboard, error, mutate } = useDashboard(range.to, range.from);

  const money = (value: string | undefined | null) =>
    value === undefined || value === null ? null : formatMoney(value, currency);
  const asOf = dashboard?.as_of ?? range.to;
  const from = dashboard?.from ?? range.from;
  const periodText =
    period === 'custom'
      ? `${formatDateText(range.from)} to ${formatDateText(range.to)}`
      : DASHBOARD_PERIOD_LABELS[period].toLowerCase();
  const series = dashboard ? monthlySeries(dashboard.months) : [];
  const topExpenses = dashboard?.top_expenses ?? [];
  const recent = dashboard?.recent_entries;

  if (error && !dashboard) {
    return (
      <Stack gap="lg">
        <DashboardSetup />
        <DashboardError onRetry={() => void mutate()} />
      </Stack>
    );
  }

  if (recent && recent.length === 0) {
    return (
      <Stack gap="lg">
        <DashboardSetup />
        <EmptyState
          icon={<IconBook2 size={24} stroke={1.6} />}
          title="No entries in this workspace yet"
          description="Your chart of accounts is ready. Record the first journal entry, and cash, income, expenses and net income appear here with a 12-month chart."
          action={
            <Group justify="center" mt="xs">
              {canWriteDrafts && (
                <Button
                  component={Link}
                  to={`${paths.accounting.journalEntry}?entry=new`}
                  leftSection={<IconPlus size={16} />}
                >
                  Record the first entry
                </Button>
              )}
              <Button component={Link} to={paths.accounting.root} variant="default">
                Review the chart of accounts
              </Button>
            </Group>
          }
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <DashboardSetup />
      <Group gap="md" align="flex-end" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label="Dashboard period"
          value={period}
          data={DASHBOARD_PERIODS.map((p) => ({ value: p, label: DASHBOARD_PERIOD_LABELS[p] }))}
          onChange={(value) => {
            if (!isDashboardPeriod(value)) return;
            // A custom period starts from the range shown, to be narrowed from there.
            setQuery(
              value === 'custom'
                ? { period: value, from: range.from, to: range.to }
                : { period: value === 'last12' ? '' : value, from: '', to: '' },
            );
          }}
        />
        {period === 'custom' && (
          <>
            <DateField label="From" value={range.from} onChange={(from) => setQuery({ from })} />
            <DateField label="To" value={range.to} onChange={(to) => setQuery({ to })} />
          </>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <Figure
          label="Cash position"
          value={money(dashboard?.cash_position)}
          to={trialBalanceLink(asOf)}
          icon={<IconBuildingBank size={18} />}
          color="indigo"
          caption={`Cash and bank as of ${formatDateText(asOf)}`}
          testId="figure-cash"
        />
        <Figure
          label="Income"
          value={money(dashboard?.income)}
          to={summaryLink('income', from, asOf)}
          icon={<IconTrendingUp size={18} />}
          color="teal"
          caption={capitalized(periodText)}
          testId="figure-income"
        />
        <Figure
          label="Expenses"
          value={money(dashboard?.expenses)}
          to={summaryLink('expense', from, asOf)}
          icon={<IconTrendingDown size={18} />}
          color="orange"
          caption={capitalized(periodText)}
          testId="figure-expenses"
        />
        <Figure
          label="Net income"
          value={money(dashboard?.net_income)}
          to={incomeStatementLink(from, asOf)}
          icon={<IconReceipt size={18} />}
          color={dashboard && centsOf(dashboard.net_income) < 0n ? 'red' : 'teal'}
          caption={`Income less expenses, ${periodText}`}
          testId="figure-net-income"
        />
      </SimpleGrid>

      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
        <Paper
          withBorder
          radius="lg"
          p="md"
          style={{ gridColumn: 'span 2' }}
          data-testid="dashboard-chart"
        >
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h5">
              Income vs expenses, {periodText}
            </Title>
            <Anchor component={Link} to={summaryLink('income', from, asOf)} size="xs">
              Open income summary
            </Anchor>
          </Group>
          {series.length === 0 ? (
            <Skeleton h={DASHBOARD_PLOT_HEIGHT} />
          ) : (
            <LazyIncomeExpenseBars series={series} currency={currency} />
          )}
        </Paper>
        <Paper withBorder radius="lg" p="md">
          <Title order={2} size="h5" mb="xs">
            Top expenses, {periodText}
          </Title>
          {topExpenses.length === 0 ? (
            <Text size="sm" c="dimmed">
              No expenses posted in this period.
            </Text>
          ) : (
            <Stack gap={6}>
              {topExpenses.map((row) => (
                <Group key={row.account_id} justify="space-between" wrap="nowrap">
                  <Anchor
                    component={Link}
                    size="sm"
                    truncate
                    to={ledgerLink({ account_id: row.account_id, from, to: asOf })}
                  >
                    {row.account_code} · {row.name}
                  </Anchor>
                  <Text size="sm" fw={600} className="ledger-money">
                    {formatMoney(row.amount, currency)}
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
      </SimpleGrid>

      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h5">
            Recent entries
          </Title>
          <Anchor component={Link} to={paths.accounting.journalEntry} size="xs">
            All journal entries
          </Anchor>
        </Group>
        <Table verticalSpacing={6} highlightOnHover aria-label="Recent entries">
          <Table.Tbody>
            {(recent ?? []).map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td w={110}>
                  <Anchor component={Link} to={entryLink(entry.id)} size="sm" fw={600}>
                    {entry.entry_number ?? 'Draft'}
                  </Anchor>
                </Table.Td>
                <Table.Td w={110}>
                  <Text size="sm">{formatDate(entry.date)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate>
                    {entry.memo || entry.reference || '—'}
                  </Text>
                </Table.Td>
                <Table.Td w={100}>
                  <EntryStatusBadge status={entry.status} />
                </Table.Td>
                <Table.Td w={160} ta="right" className="ledger-money">
                  {formatMoney(entry.amount, currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {!recent && <Skeleton h={120} />}
      </Paper>
      <Group gap="xs">
        <Badge variant="light" color="gray">
          {currency}
        </Badge>
        <Text size="xs" c="dimmed">
          Figures are computed by the server from posted entries; drafts are not counted.
        </Text>
      </Group>
    </Stack>
  );
}
