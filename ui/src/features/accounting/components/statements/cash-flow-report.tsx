import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import { formatDate } from '@/lib/format-date-time';
import { formatMoney } from '@/lib/money';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import { useCashFlow, type CashFlowLine, type CashFlowSection } from '../../api/statements';
import { useQueryState } from '../../hooks/use-query-state';
import { cashFlowDefaults } from '../../lib/screen-queries';
import { ledgerLink } from '../../lib/report-links';
import { LoadError } from '../load-error';
import { DateField, ReportControls } from '../report-toolbar';

import { StatementChart } from './statement-chart';
import { StatementDownload } from './statement-download';
import { StatementCheck } from './statement-check';

type Period = { from: string; to: string };

function Amount({
  line,
  period,
  currency,
}: {
  line: CashFlowLine;
  period: Period;
  currency: string;
}) {
  const text = formatMoney(line.amount, currency);
  if (!line.account_id) return <span className="ledger-money">{text}</span>;
  return (
    <Anchor
      component={Link}
      to={ledgerLink({ account_id: line.account_id, from: period.from, to: period.to })}
      className="ledger-money"
      underline="hover"
      data-testid="statement-amount"
    >
      {text}
    </Anchor>
  );
}

function Line({
  line,
  period,
  currency,
}: {
  line: CashFlowLine;
  period: Period;
  currency: string;
}) {
  return (
    <Table.Tr data-testid="statement-row">
      <Table.Td pl={32}>
        {line.account_code && (
          <Text span size="sm" c="dimmed" mr={6}>
            {line.account_code}
          </Text>
        )}
        <Text span size="sm">
          {line.label}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Amount line={line} period={period} currency={currency} />
      </Table.Td>
    </Table.Tr>
  );
}

function Heading({ label }: { label: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={2}>
        <Text fw={600} size="sm">
          {label}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function Total({
  label,
  amount,
  currency,
  testId,
}: {
  label: string;
  amount: string;
  currency: string;
  testId?: string;
}) {
  return (
    <Table.Tr className="ledger-row-total" data-testid={testId}>
      <Table.Td>
        <Text size="sm" fw={700}>
          {label}
        </Text>
      </Table.Td>
      <Table.Td ta="right" fw={700}>
        <span className="ledger-money">{formatMoney(amount, currency)}</span>
      </Table.Td>
    </Table.Tr>
  );
}

function Lines({
  section,
  period,
  currency,
}: {
  section: CashFlowSection;
  period: Period;
  currency: string;
}) {
  return (
    <>
      {section.lines.map((line) => (
        <Line
          key={`${line.account_id ?? line.label}-${line.amount}`}
          line={line}
          period={period}
          currency={currency}
        />
      ))}
    </>
  );
}

/**
 * Cash flow by the indirect method for a period — net profit, non-cash items, working
 * capital, investing and financing — and the check that the net change equals the cash
 * accounts' movement. Every account line opens its general ledger for the period.
 */
export function CashFlowReport() {
  const [query, setQuery] = useQueryState(cashFlowDefaults());
  const currency = useWorkspaceCurrency();
  const { data, error, mutate } = useCashFlow({ from: query.from, to: query.to });
  const period = { from: query.from, to: query.to };

  return (
    <Stack gap={0}>
      <ReportControls>
        <DateField label="From" value={query.from} onChange={(from) => setQuery({ from })} />
        <DateField label="To" value={query.to} onChange={(to) => setQuery({ to })} />
        <StatementDownload request={{ kind: 'cash_flow', from: query.from, to: query.to }} />
      </ReportControls>
      {error && <LoadError what="the cash flow" onRetry={() => void mutate()} />}
      {data && (
        <>
          <Group justify="space-between" mb="sm">
            <Text size="sm" c="dimmed">
              {formatDate(data.from)} – {formatDate(data.to)}, indirect method
            </Text>
            <StatementCheck
              ok={data.reconciles}
              passed="Reconciled: the net change equals the cash accounts' movement"
              failed={`Does not reconcile: cash accounts moved ${formatMoney(data.cash_accounts_movement, currency)}`}
            />
          </Group>
          <StatementChart
            title="Where cash came from"
            currency={currency}
            currentLabel="This period"
            bars={[
              { label: 'Operating', current: data.operating_total },
              { label: 'Investing', current: data.investing.total },
              { label: 'Financing', current: data.financing.total },
              { label: 'Net change', current: data.net_change_in_cash },
            ]}
          />
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={6} highlightOnHover aria-label="Cash flow">
              <Table.Tbody>
                <Heading label="Operating activities" />
                <Line
                  line={{
                    label: 'Net profit',
                    account_id: null,
                    account_code: null,
                    amount: data.net_profit,
                  }}
                  period={period}
                  currency={currency}
                />
                {data.non_cash_items.lines.length > 0 && (
                  <Heading label="Adjustments for non-cash and non-operating items" />
                )}
                <Lines section={data.non_cash_items} period={period} currency={currency} />
                {data.working_capital.lines.length > 0 && (
                  <Heading label="Changes in working capital" />
                )}
                <Lines section={data.working_capital} period={period} currency={currency} />
                <Total
                  label="Net cash from operating activities"
                  amount={data.operating_total}
                  currency={currency}
                />
                <Heading label="Investing activities" />
                <Lines section={data.investing} period={period} currency={currency} />
                <Total
                  label="Net cash from investing activities"
                  amount={data.investing.total}
                  currency={currency}
                />
                <Heading label="Financing activities" />
                <Lines section={data.financing} period={period} currency={currency} />
                <Total
                  label="Net cash from financing activities"
                  amount={data.financing.total}
                  currency={currency}
                />
                <Total
                  label="Net change in cash"
                  amount={data.net_change_in_cash}
                  currency={currency}
                  testId="net-change-in-cash"
                />
                <Total
                  label="Cash at the start of the period"
                  amount={data.opening_cash}
                  currency={currency}
                />
                <Total
                  label="Cash at the end of the period"
                  amount={data.closing_cash}
                  currency={currency}
                />
                <Heading label="Cash accounts" />
                {data.cash_accounts.map((line) => (
                  <Line
                    key={line.account_id ?? line.label}
                    line={line}
                    period={period}
                    currency={currency}
                  />
                ))}
                <Total
                  label="Movement of the cash accounts"
                  amount={data.cash_accounts_movement}
                  currency={currency}
                />
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
