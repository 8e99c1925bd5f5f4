import { ActionIcon, Anchor, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { formatMoney } from '@/lib/money';

import type { Figure, SectionBlock, StatementLine } from '../../api/statements';
import { ledgerLink } from '../../lib/report-links';

/** The general ledger period behind a column: `from` (none: from the start) to `to`. */
export type Period = { from: string | null; to: string };

type Columns = {
  /** The main column's period, and the comparison column's when one is shown. */
  current: Period;
  compare: Period | null;
  currency: string;
};

/** An amount that opens the general ledger of `accountId` for `period`. */
function LedgerAmount({
  value,
  accountId,
  period,
  currency,
  testId,
}: {
  value: string;
  accountId: string | null;
  period: Period;
  currency: string;
  testId?: string;
}) {
  const text = formatMoney(value, currency);
  if (!accountId) return <span className="ledger-money">{text}</span>;
  return (
    <Anchor
      component={Link}
      to={ledgerLink({ account_id: accountId, from: period.from, to: period.to })}
      className="ledger-money"
      data-testid={testId}
      underline="hover"
    >
      {text}
    </Anchor>
  );
}

/** The cells of a figure: amount, and with a comparison the compared amount and change. */
export function FigureCells({
  figure,
  accountId,
  columns,
  strong = false,
}: {
  figure: Figure;
  accountId: string | null;
  columns: Columns;
  strong?: boolean;
}) {
  const weight = strong ? 700 : undefined;
  return (
    <>
      <Table.Td ta="right" fw={weight}>
        <LedgerAmount
          value={figure.amount}
          accountId={accountId}
          period={columns.current}
          currency={columns.currency}
          testId={accountId ? 'statement-amount' : undefined}
        />
      </Table.Td>
      {columns.compare && (
        <>
          <Table.Td ta="right" fw={weight}>
            <LedgerAmount
              value={figure.compare ?? '0.00'}
              accountId={accountId}
              period={columns.compare}
              currency={columns.currency}
            />
          </Table.Td>
          <Table.Td ta="right" fw={weight} c="dimmed">
            <span className="ledger-money">
              {formatMoney(figure.change ?? '0.00', columns.currency)}
            </span>
          </Table.Td>
        </>
      )}
    </>
  );
}

/** Whether a line is hidden because a row above it is collapsed. */
function hiddenBy(line: StatementLine, byId: Map<string, StatementLine>, collapsed: Set<string>) {
  let parent = line.parent_id ? byId.get(line.parent_id) : undefined;
  for (let hops = 0; parent && hops <= byId.size; hops += 1) {
    if (collapsed.has(parent.account_id)) return true;
    parent = parent.parent_id ? byId.get(parent.parent_id) : undefined;
  }
  return false;
}

/** One section: its heading, its account rows (groups expand and collapse), its total. */
function SectionRows({ block, columns }: { block: SectionBlock; columns: Columns }) {
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const byId = new Map(block.lines.map((l) => [l.account_id, l]));
  const toggle = (id: string) =>
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <>
      <Table.Tr>
        <Table.Td colSpan={columns.compare ? 4 : 2}>
          <Text fw={600} size="sm">
            {block.label}
          </Text>
        </Table.Td>
      </Table.Tr>
      {block.lines.length === 0 && (
        <Table.Tr>
          <Table.Td colSpan={columns.compare ? 4 : 2}>
            <Text size="xs" c="dimmed" pl="md">
              No balances in this section.
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
      {block.lines
        .filter((line) => !hiddenBy(line, byId, collapsed))
        .map((line) => (
          <Table.Tr key={line.account_id} data-testid="statement-row">
            <Table.Td style={{ paddingLeft: 16 + line.depth * 18 }}>
              {line.is_group && (
                <ActionIcon
                  variant="subtle"
                  size="xs"
                  mr={4}
                  aria-label={`${collapsed.has(line.account_id) ? 'Expand' : 'Collapse'} ${line.name}`}
                  aria-expanded={!collapsed.has(line.account_id)}
                  onClick={() => toggle(line.account_id)}
                >
                  {collapsed.has(line.account_id) ? (
                    <IconChevronRight size={14} />
                  ) : (
                    <IconChevronDown size={14} />
                  )}
                </ActionIcon>
              )}
              <Text span size="sm" c="dimmed" mr={6}>
                {line.account_code}
              </Text>
              <Text span size="sm" fw={line.is_group ? 600 : undefined}>
                {line.name}
              </Text>
            </Table.Td>
            <FigureCells figure={line.amount} accountId={line.account_id} columns={columns} />
          </Table.Tr>
        ))}
      <TotalRow
        label={`Total ${block.label.toLowerCase()}`}
        figure={block.total}
        columns={columns}
      />
    </>
  );
}

/** A computed line (a subtotal or a result), bold when `strong`. */
export function TotalRow({
  label,
  figure,
  columns,
  strong = false,
  testId,
}: {
  label: string;
  figure: Figure;
  columns: Columns;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Table.Tr className={strong ? 'ledger-row-total' : undefined} data-testid={testId}>
      <Table.Td>
        <Text size="sm" fw={strong ? 700 : 600}>
          {label}
        </Text>
      </Table.Td>
      <FigureCells figure={figure} accountId={null} columns={columns} strong={strong} />
    </Table.Tr>
  );
}

/** A statement: sections of account trees interleaved with computed lines. */
export function StatementTable({
  columns,
  headings,
  children,
  label,
}: {
  columns: Columns;
  headings: { current: string; compare?: string };
  children: ReactNode;
  label: string;
}) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} highlightOnHover aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            <Table.Th ta="right">{headings.current}</Table.Th>
            {columns.compare && (
              <>
                <Table.Th ta="right">{headings.compare}</Table.Th>
                <Table.Th ta="right">Change</Table.Th>
              </>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The sections of a statement, each with its rows and total. */
export function Sections({ blocks, columns }: { blocks: SectionBlock[]; columns: Columns }) {
  return (
    <>
      {blocks.map((block) => (
        <Fragment key={block.section}>
          <SectionRows block={block} columns={columns} />
        </Fragment>
      ))}
    </>
  );
}
