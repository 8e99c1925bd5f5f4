import { Stack, Switch } from '@mantine/core';

import { formatDate } from '@/lib/format-date-time';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import { useIncomeStatement, type SectionBlock } from '../../api/statements';
import { useQueryState } from '../../hooks/use-query-state';
import { incomeStatementDefaults, incomeStatementQueryOf } from '../../lib/screen-queries';
import { shiftYears } from '../../lib/statement-periods';
import { LoadError } from '../load-error';
import { DateField, ReportControls } from '../report-toolbar';

import { StatementChart } from './statement-chart';
import { StatementDownload } from './statement-download';
import { Sections, StatementTable, TotalRow } from './statement-table';

/**
 * Revenue down to net profit for a period, each section's accounts expandable and every
 * amount opening its general ledger for the period; optionally beside a comparison
 * period with the change.
 */
export function IncomeStatementReport() {
  const [query, setQuery] = useQueryState(incomeStatementDefaults());
  const currency = useWorkspaceCurrency();
  const comparing = Boolean(query.compare_from && query.compare_to);
  const { data, error, mutate } = useIncomeStatement(incomeStatementQueryOf(query));
  const columns = {
    current: { from: query.from, to: query.to },
    compare: comparing ? { from: query.compare_from, to: query.compare_to } : null,
    currency,
  };
  const headings = {
    current: `${formatDate(query.from)} – ${formatDate(query.to)}`,
    compare: comparing
      ? `${formatDate(query.compare_from)} – ${formatDate(query.compare_to)}`
      : undefined,
  };
  const section = (name: string): SectionBlock[] =>
    data?.sections.filter((s) => s.section === name) ?? [];

  return (
    <Stack gap={0}>
      <ReportControls>
        <DateField label="From" value={query.from} onChange={(from) => setQuery({ from })} />
        <DateField label="To" value={query.to} onChange={(to) => setQuery({ to })} />
        <Switch
          label="Compare"
          checked={comparing}
          onChange={(event) =>
            setQuery(
              event.currentTarget.checked
                ? { compare_from: shiftYears(query.from, -1), compare_to: shiftYears(query.to, -1) }
                : { compare_from: '', compare_to: '' },
            )
          }
          data-testid="compare-toggle"
        />
        {comparing && (
          <>
            <DateField
              label="Compare from"
              value={query.compare_from}
              onChange={(compare_from) => setQuery({ compare_from })}
            />
            <DateField
              label="Compare to"
              value={query.compare_to}
              onChange={(compare_to) => setQuery({ compare_to })}
            />
          </>
        )}
        <StatementDownload
          request={{
            kind: 'income_statement',
            from: query.from,
            to: query.to,
            ...(comparing
              ? { compare_from: query.compare_from, compare_to: query.compare_to }
              : {}),
          }}
        />
      </ReportControls>
      {error && <LoadError what="the income statement" onRetry={() => void mutate()} />}
      {data && (
        <>
          <StatementChart
            title="Revenue and profit"
            currency={currency}
            currentLabel={headings.current}
            compareLabel={headings.compare}
            bars={[
              { label: 'Revenue', current: data.revenue.amount, compare: data.revenue.compare },
              {
                label: 'Gross profit',
                current: data.gross_profit.amount,
                compare: data.gross_profit.compare,
              },
              {
                label: 'Operating profit',
                current: data.operating_profit.amount,
                compare: data.operating_profit.compare,
              },
              {
                label: 'Net profit',
                current: data.net_profit.amount,
                compare: data.net_profit.compare,
              },
            ]}
          />
          <StatementTable columns={columns} headings={headings} label="Income statement">
            <Sections blocks={section('revenue')} columns={columns} />
            <Sections blocks={section('cost_of_sales')} columns={columns} />
            <TotalRow label="Gross profit" figure={data.gross_profit} columns={columns} strong />
            <Sections blocks={section('operating_expenses')} columns={columns} />
            <TotalRow
              label="Operating profit"
              figure={data.operating_profit}
              columns={columns}
              strong
            />
            <Sections blocks={section('other_income')} columns={columns} />
            <Sections blocks={section('other_expenses')} columns={columns} />
            <TotalRow
              label="Profit before tax"
              figure={data.profit_before_tax}
              columns={columns}
              strong
            />
            <Sections blocks={section('tax')} columns={columns} />
            <TotalRow
              label="Net profit"
              figure={data.net_profit}
              columns={columns}
              strong
              testId="net-profit"
            />
          </StatementTable>
        </>
      )}
    </Stack>
  );
}
