import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  draft: 'gray',
  approved: 'indigo',
  posted: 'teal',
  reversed: 'orange',
};
const LABELS: Record<string, string> = {
  draft: 'Draft',
  approved: 'Approved',
  posted: 'Posted',
  reversed: 'Reversed',
};

export function PayRunStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" size="sm" radius="sm">
      {LABELS[status] ?? status}
    </Badge>
  );
}

/** The tax rules a run was computed under, as people name them. */
export const RULE_SET_LABELS: Record<string, string> = {
  PITA: 'PITA (to 2025)',
  NTA2025: 'Nigeria Tax Act 2025',
};

export function RuleSetBadge({ ruleSet }: { ruleSet: string }) {
  return (
    <Badge color="gray" variant="outline" size="sm" radius="sm">
      {RULE_SET_LABELS[ruleSet] ?? ruleSet}
    </Badge>
  );
}
