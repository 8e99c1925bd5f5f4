import { Group, Stack, Switch, Text } from '@mantine/core';

import { formatDate } from '@/lib/format-date-time';
import { useWorkspaceCurrency } from '@/lib/workspace-currency';

import { useBalanceSheet } from '../../api/statements';
import { useQueryState } from '../../hooks/use-query-state';
import { balanceSheetDefaults } from '../../lib/screen-queries';
import { endOfPreviousYear } from '../../lib/statement-periods';
import { LoadError } from '../load-error';
import { DateField, ReportControls } from '../report-toolbar';

import { StatementChart } from './statement-chart';
import { StatementDownload } from './statement-download';
import { StatementCheck } from './statement-check';
import { Sections, StatementTable, TotalRow } from './statement-table';

/**
 * Assets, liabilities and equity at a date, with earlier years' results and the year's
 * profit inside equity; optionally beside a comparison date. Every account amount opens
 * its general ledger up to that date.
 */
export function BalanceSheetReport() {
  const [query, setQuery] = useQueryState(balanceSheetDefaults());
  const currency = useWorkspaceCurrency();
  const { data, error, mutate } = useBalanceSheet({
    as_of: query.as_of,
    compare_to: query.compare_to || null,
  });
  const comparing = Boolean(query.compare_to);
  const columns = {
    current: { from: null, to: query.as_of },
    compare: comparing ? { from: null, to: query.compare_to } : null,
    currency,
  };
  const headings = {
    current: formatDate(query.as_of),
    compare: comparing ? formatDate(query.compare_to) : undefined,
  };

  return (
    <Stack gap={0}>
      <ReportControls>
        <DateField label="As of" value={query.as_of} onChange={(as_of) => setQuery({ as_of })} />
        <Switch
          label="Compare"
          checked={comparing}
          onChange={(event) =>
            setQuery({
              compare_to: event.currentTarget.checked ? endOfPreviousYear(query.as_of) : '',
            })
          }
          data-testid="compare-toggle"
        />
        {comparing && (
          <DateField
            label="Compare with"
            value={query.compare_to}
            onChange={(compare_to) => setQuery({ compare_to })}
          />
        )}
        <StatementDownload
          request={{
            kind: 'balance_sheet',
            as_of: query.as_of,
            ...(comparing ? { compare_to: query.compare_to } : {}),
          }}
        />
      </ReportControls>
      {error && <LoadError what="the balance sheet" onRetry={() => void mutate()} />}
      {data && (
        <>
          <Group justify="space-between" mb="sm">
            <Text size="sm" c="dimmed">
              Fiscal year from {formatDate(data.fiscal_year_start)}: earlier years&apos; income and
              expense are in retained earnings.
            </Text>
            <StatementCheck
              ok={data.balanced}
              passed="Balanced: assets equal liabilities plus equity"
              failed="Out of balance: assets differ from liabilities plus equity"
            />
          </Group>
          <StatementChart
            title="Assets, liabilities and equity"
            currency={currency}
            currentLabel={headings.current}
            compareLabel={headings.compare}
            bars={[
              {
                label: 'Assets',
                current: data.total_assets.amount,
                compare: data.total_assets.compare,
              },
              {
                label: 'Liabilities',
                current: data.total_liabilities.amount,
                compare: data.total_liabilities.compare,
              },
              {
                label: 'Equity',
                current: data.total_equity.amount,
                compare: data.total_equity.compare,
              },
            ]}
          />
          <StatementTable columns={columns} headings={headings} label="Balance sheet">
            <Sections blocks={data.assets} columns={columns} />
            <TotalRow
              label="Total assets"
              figure={data.total_assets}
              columns={columns}
              strong
              testId="total-assets"
            />
            <Sections blocks={data.liabilities} columns={columns} />
            <TotalRow
              label="Total liabilities"
              figure={data.total_liabilities}
              columns={columns}
              strong
            />
            <Sections blocks={[data.equity]} columns={columns} />
            <TotalRow
              label="Retained earnings (earlier years)"
              figure={data.retained_earnings}
              columns={columns}
            />
            <TotalRow
              label="Profit for the year to date"
              figure={data.current_period_profit}
              columns={columns}
            />
            <TotalRow label="Total equity" figure={data.total_equity} columns={columns} strong />
            <TotalRow
              label="Total liabilities and equity"
              figure={data.total_liabilities_and_equity}
              columns={columns}
              strong
            />
          </StatementTable>
        </>
      )}
    </Stack>
  );
}
