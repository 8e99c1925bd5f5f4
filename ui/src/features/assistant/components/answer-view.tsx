import { Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';

import { formatDate } from '@/lib/format-date-time';
import { formatAmount, formatMoney, isZero } from '@/lib/money';

import type { Answer, DraftEntry, Figure } from '../api/conversations';
import { sourceLabel, sourceLink } from '../lib/source-link';

type AnswerViewProps = {
  answer: Answer;
  /** Drafts are offered only with full access. */
  canDraft: boolean;
  /** Clarification choices are asked as the next question; off while one is asked. */
  onChoose: ((question: string) => void) | null;
  onOpenLink: (to: string) => void;
  onOpenDraft: (draft: DraftEntry) => void;
};

function figureWhen(figure: Figure): string {
  if (figure.as_of) return `as of ${formatDate(figure.as_of)}`;
  if (figure.from && figure.to) return `${formatDate(figure.from)} – ${formatDate(figure.to)}`;
  return '';
}

/** A count or a score has no currency: it is shown as the number it is. */
function figureValue(figure: Figure): string {
  return figure.currency ? formatMoney(figure.amount, figure.currency) : figure.amount;
}

/**
 * The answer's sources as links, once each: two accounts read from the same chart are
 * one link to it, not two alike.
 */
function sourceLinks(answer: Answer): { to: string | null; label: string }[] {
  const seen = new Set<string>();
  return answer.sources
    .map((source) => ({ to: sourceLink(source), label: sourceLabel(source) }))
    .filter(({ to, label }) => {
      const key = `${to ?? ''}|${label}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** One answer: its sentences, its figures as money, where they came from, and what next. */
export function AnswerView({
  answer,
  canDraft,
  onChoose,
  onOpenLink,
  onOpenDraft,
}: AnswerViewProps) {
  const draft = canDraft ? answer.draft_entry : null;
  return (
    <Stack gap="xs" data-testid="assistant-answer">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {answer.text}
      </Text>
      {answer.figures.length > 0 && (
        <Stack
          gap={2}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Figures"
        >
          {answer.figures.map((figure, index) => (
            <Group key={index} component="li" justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" truncate>
                {figure.label}
                {figureWhen(figure) && ` (${figureWhen(figure)})`}
              </Text>
              <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {figureValue(figure)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {answer.sources.length > 0 && (
        <Group gap="xs" aria-label="Sources" role="group">
          <Text size="xs" c="dimmed">
            Source:
          </Text>
          {sourceLinks(answer).map(({ to, label }, index) => {
            return to ? (
              <Anchor
                key={index}
                size="xs"
                href={to}
                onClick={(event) => {
                  // A plain click stays in the app; a middle click opens a new tab.
                  event.preventDefault();
                  onOpenLink(to);
                }}
              >
                {label}
              </Anchor>
            ) : (
              <Text key={index} size="xs">
                {label}
              </Text>
            );
          })}
        </Group>
      )}
      {answer.clarify.length > 0 && (
        <Group gap="xs" role="group" aria-label="Choices">
          {answer.clarify.map((choice) => (
            <Button
              key={choice.question}
              size="compact-sm"
              variant="light"
              disabled={onChoose === null}
              onClick={() => onChoose?.(choice.question)}
            >
              {choice.label}
            </Button>
          ))}
        </Group>
      )}
      {draft && (
        <Paper withBorder p="xs" radius="md" data-testid="assistant-draft">
          <Text size="xs" c="dimmed" mb={4}>
            Suggested entry for {formatDate(draft.date)}: {draft.memo}
          </Text>
          <Table fz="xs" verticalSpacing={2}>
            <Table.Tbody>
              {draft.lines.map((line, index) => (
                <Table.Tr key={index}>
                  <Table.Td>
                    {line.account_code} · {line.account_name}
                  </Table.Td>
                  <Table.Td ta="right">
                    {isZero(line.debit) ? '' : formatAmount(line.debit)}
                  </Table.Td>
                  <Table.Td ta="right">
                    {isZero(line.credit) ? '' : formatAmount(line.credit)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Button
            mt="xs"
            size="compact-sm"
            leftSection={<IconFileInvoice size={14} />}
            onClick={() => onOpenDraft(draft)}
          >
            Review in journal entry form
          </Button>
        </Paper>
      )}
    </Stack>
  );
}
