import {
  Alert,
  Anchor,
  Button,
  Drawer,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { DateField } from '@/components/ui/date-field';
import { DateTimeField } from '@/components/ui/date-time-field';
import { useWorkspaceId } from '@/lib/active-workspace';
import { formErrorsOf } from '@/lib/field-errors';
import { formatDateText, formatDateTime } from '@/lib/format-date-time';
import { formatMoney } from '@/lib/money';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import {
  useAfterClose,
  useComparison,
  useKnownLedger,
  useKnownTrialBalance,
  type ComparisonRow,
} from '../api/time-travel';
import { useSession } from '../api/sessions';
import { shortHash } from './audit-format';
import { endOfDay, signOffMoment } from './time-travel-link';
import { EntryHistory } from './score-breakdown-drawer';
import {
  TIME_TRAVEL_FIELDS,
  timeTravelAddress,
  timeTravelViews,
  type TimeTravelField,
  type TimeTravelValues,
} from '../lib/time-travel-address';
import { SectionCard } from './section-card';
import {
  AfterCloseGrid,
  ComparisonGrid,
  KnownLedgerGrid,
  KnownTrialBalanceGrid,
} from './time-travel-grids';

/** The inputs' own names, for errors the server reports by parameter. */
const FIELD_LABELS: Record<string, string> = {
  as_of: 'As of',
  known_at: 'Known at',
  closed_at: 'Known at',
  from: 'Known at',
  to: 'Compared with',
  compare_to: 'Compared with',
  period_start: 'Period start',
  period_end: 'Period end',
};

/** Why a view failed: the field the server named, or its message. */
function ErrorAlert({ error }: { error: unknown }) {
  const found = formErrorsOf(error);
  const text = found
    ? [
        ...Object.entries(found.fields).map(([f, m]) => `${FIELD_LABELS[f] ?? f}: ${m}`),
        ...found.general,
      ].join(' ')
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <Alert color="red" variant="light" title="This view could not be computed">
      {text}
    </Alert>
  );
}

/**
 * What a view shows, read from its SWR answer when the screen renders. SWR re-renders
 * only for the fields a render has read: a tab that is not open reads nothing, so an
 * answer arriving before its tab opens would leave the tab loading for good. Reading
 * `data` and `error` of every view on each render keeps all of them tracked.
 */
function viewState<T>(response: { data?: T; error?: unknown }): { data?: T; error?: unknown } {
  return { data: response.data, error: response.error };
}

function Loading<T>({
  state,
  children,
}: {
  state: { data?: T; error?: unknown };
  children: (data: T) => ReactNode;
}) {
  if (state.error) return <ErrorAlert error={state.error} />;
  if (!state.data) return <Skeleton h={240} radius="md" />;
  return <>{children(state.data)}</>;
}

/** What the proof says: the last chain event a knowledge time includes. */
function Proof({ seq, hash }: { seq: number; hash: string }) {
  return (
    <Text size="xs" c="dimmed" ff="monospace" data-testid="tt-proof">
      read up to chain event #{seq} · {shortHash(hash)}
    </Text>
  );
}

/** An entry that caused a difference, or was recorded after the close. */
type Opened = { entryId: string; number: string };

/**
 * `/audit/time-travel`: the books as known at a recorded time. A session links here with
 * its period and sign-off time ("Books as known at sign-off"); the auditor reads the trial
 * balance and general ledger of that moment, what changed since, and what was recorded
 * after the close, down to each entry's history.
 */
export function TimeTravelScreen() {
  const currency = useWorkspaceCurrency();
  const workspaceId = useWorkspaceId();
  const [params, setParams] = useSearchParams();
  const { applied, tab, sessionId } = timeTravelAddress(params);
  const [draft, setDraft] = useState<TimeTravelValues>(applied);
  const [account, setAccount] = useState<{ id: string; label: string } | null>(null);
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<Opened | null>(null);
  const [causes, setCauses] = useState<ComparisonRow | null>(null);
  const session = useSession(sessionId ? workspaceId : null, sessionId);

  const setTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    next.set('tab', value ?? 'trial-balance');
    setParams(next, { replace: true });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(params);
    for (const field of TIME_TRAVEL_FIELDS) {
      const value = draft[field].trim();
      if (value) next.set(field, value);
      else next.delete(field);
    }
    setPage(1);
    setParams(next, { replace: true });
  };

  const views = timeTravelViews(applied, account?.id, page);
  const knownAt = views.knownAt;
  const tb = viewState(useKnownTrialBalance(workspaceId, views.trialBalance));
  const ledger = viewState(useKnownLedger(workspaceId, views.ledger));
  const comparison = viewState(useComparison(workspaceId, views.comparison));
  const afterClose = viewState(useAfterClose(workspaceId, views.afterClose));

  const set = (field: TimeTravelField) => (value: string) => setDraft({ ...draft, [field]: value });
  const signedAt = session.data ? signOffMoment(session.data) : null;
  const periodEnd = draft.period_end || draft.as_of;

  return (
    <ContentLayout
      title="Books as known at"
      caption={
        knownAt
          ? `The log as it stood at ${formatDateTime(knownAt)} — later entries and reversals left out`
          : 'The log as it stands now'
      }
      back
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" component="form" onSubmit={apply}>
          <SimpleGrid cols={{ base: 1, md: 5 }} spacing="sm">
            <DateField
              label="As of"
              description="Effective date"
              placeholder="Today"
              clearable
              value={draft.as_of}
              onChange={set('as_of')}
            />
            <DateTimeField
              label="Known at"
              description="The log as it stood then"
              placeholder="Now"
              clearable
              value={draft.known_at}
              onChange={set('known_at')}
            />
            <DateTimeField
              label="Compared with"
              description="A later moment"
              placeholder="Now"
              clearable
              value={draft.compare_to}
              onChange={set('compare_to')}
            />
            <DateField
              label="Period start"
              description="Closed period"
              clearable
              value={draft.period_start}
              onChange={set('period_start')}
            />
            <DateField
              label="Period end"
              description="Closed period"
              clearable
              value={draft.period_end}
              onChange={set('period_end')}
            />
          </SimpleGrid>
          <Group justify="space-between" mt="sm">
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                Known at:
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                disabled={!signedAt}
                title={signedAt ? undefined : 'Open this page from a signed-off audit session'}
                onClick={() => signedAt && set('known_at')(signedAt)}
              >
                At sign-off
              </Button>
              <Button
                size="compact-xs"
                variant="light"
                disabled={!periodEnd}
                title={periodEnd ? undefined : 'Choose the period end (or as-of date) first'}
                onClick={() => periodEnd && set('known_at')(endOfDay(periodEnd))}
              >
                At period end
              </Button>
            </Group>
            <Button type="submit" leftSection={<IconClockHour4 size={16} />}>
              Show
            </Button>
          </Group>
        </Paper>

        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="trial-balance">Trial balance</Tabs.Tab>
            <Tabs.Tab value="ledger">General ledger</Tabs.Tab>
            <Tabs.Tab value="compare">Changed since</Tabs.Tab>
            <Tabs.Tab value="after-close">Changes after close</Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="trial-balance" pt="md">
            <Loading state={tb}>
              {(data) => (
                <SectionCard
                  title={`Trial balance as of ${formatDateText(data.as_of)}`}
                  caption={`${data.entries} entries known at ${formatDateTime(data.known_at)} · ${data.balanced ? 'balanced' : 'NOT balanced'} — select an account for its ledger`}
                  aside={<Proof seq={data.chain_seq} hash={data.head_hash} />}
                  testId="tt-trial-balance"
                >
                  <KnownTrialBalanceGrid
                    tb={data}
                    onAccount={(row) => {
                      setAccount({ id: row.account_id, label: `${row.account_code} ${row.name}` });
                      setPage(1);
                      setTab('ledger');
                    }}
                  />
                </SectionCard>
              )}
            </Loading>
          </Tabs.Panel>

          <Tabs.Panel value="ledger" pt="md">
            <Loading state={ledger}>
              {(data) => (
                <SectionCard
                  title={`General ledger${account ? `: ${account.label}` : ''}`}
                  caption={
                    <>
                      {data.count} postings known at {formatDateTime(data.known_at)} — select one
                      for its entry's history
                      {account && (
                        <>
                          {' · '}
                          <Anchor size="xs" component="button" onClick={() => setAccount(null)}>
                            all accounts
                          </Anchor>
                        </>
                      )}
                    </>
                  }
                  aside={<Proof seq={data.chain_seq} hash={data.head_hash} />}
                  testId="tt-ledger"
                >
                  <KnownLedgerGrid
                    ledger={data}
                    onPage={setPage}
                    onEntry={(p) => setOpened({ entryId: p.entry_id, number: p.entry_number })}
                  />
                </SectionCard>
              )}
            </Loading>
          </Tabs.Panel>

          <Tabs.Panel value="compare" pt="md">
            {!knownAt ? (
              <Alert variant="light">Set “Known at” to compare it with a later time.</Alert>
            ) : (
              <Loading state={comparison}>
                {(data) => (
                  <SectionCard
                    title="Trial balance, then and later"
                    caption={`${formatDateTime(data.from)} (event #${data.from_chain_seq}) against ${formatDateTime(data.to)} (event #${data.to_chain_seq}) · ${data.accounts_changed} accounts changed — select one for the entries that moved it`}
                    testId="tt-compare"
                  >
                    <ComparisonGrid comparison={data} onAccount={setCauses} />
                  </SectionCard>
                )}
              </Loading>
            )}
          </Tabs.Panel>

          <Tabs.Panel value="after-close" pt="md">
            {!knownAt || !applied.period_end ? (
              <Alert variant="light">
                Set “Known at” (the close) and the period end to list what was recorded after it.
              </Alert>
            ) : (
              <Loading state={afterClose}>
                {(data) => (
                  <SectionCard
                    title={`Changes after the close of ${data.period_start ? formatDateText(data.period_start) : '…'} – ${formatDateText(data.period_end)}`}
                    caption={`${data.entries.length} entries recorded after ${formatDateTime(data.closed_at)} touch the period`}
                    testId="tt-after-close"
                  >
                    <AfterCloseGrid
                      report={data}
                      onEntry={(e) => setOpened({ entryId: e.entry_id, number: e.entry_number })}
                    />
                    {data.net_by_account.length > 0 && (
                      <Table fz="xs" mt="sm" withTableBorder>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>Account</Table.Th>
                            <Table.Th ta="right">Change to the period's balance</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {data.net_by_account.map((n) => (
                            <Table.Tr key={n.account_id}>
                              <Table.Td>
                                {n.account_code} {n.name}
                              </Table.Td>
                              <Table.Td ta="right" ff="monospace">
                                {formatMoney(n.balance_change, currency)}
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    )}
                  </SectionCard>
                )}
              </Loading>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>

      <Drawer
        opened={causes !== null}
        onClose={() => setCauses(null)}
        position="right"
        size="md"
        title={causes ? `${causes.account_code} ${causes.name}` : ''}
      >
        {causes && (
          <Stack gap="sm" data-testid="tt-causes">
            <Text size="sm">
              {formatMoney(causes.balance_from, currency)} →{' '}
              {formatMoney(causes.balance_to, currency)} ({formatMoney(causes.difference, currency)}
              )
            </Text>
            <Title order={4} fz={14}>
              Entries recorded in between
            </Title>
            {causes.entries.length === 0 && (
              <Text size="sm" c="dimmed">
                None: the balance did not move.
              </Text>
            )}
            {causes.entries.map((e) => (
              <Anchor
                key={e.entry_id}
                component="button"
                size="sm"
                ta="left"
                onClick={() => setOpened({ entryId: e.entry_id, number: e.entry_number })}
              >
                {e.entry_number} · dated {formatDateText(e.date)} · recorded{' '}
                {formatDateTime(e.recorded_at)} · {e.reverses ? 'reversal · ' : ''}Dr{' '}
                {formatMoney(e.debit, currency)} Cr {formatMoney(e.credit, currency)}
              </Anchor>
            ))}
          </Stack>
        )}
      </Drawer>
      <Drawer
        opened={opened !== null}
        onClose={() => setOpened(null)}
        position="right"
        size="md"
        title={opened ? `Entry ${opened.number}` : ''}
      >
        {opened && workspaceId && (
          <EntryHistory workspaceId={workspaceId} entryId={opened.entryId} />
        )}
      </Drawer>
    </ContentLayout>
  );
}
