import { Badge, Loader, Table, Text } from '@mantine/core';

import { formatDateTime } from '@/lib/format-date-time';

import { useRecentSignIns, type SignInRow } from '../api/sign-ins';

import { SecurityCard } from './security-card';

/** How each kind of sign-in fact is labelled. */
export function signInLabel(row: Pick<SignInRow, 'activity_type'>): {
  label: string;
  color: string;
} {
  switch (row.activity_type) {
    case 'user_signed_in':
      return { label: 'Signed in', color: 'teal' };
    case 'user_sign_in_failed':
      return { label: 'Failed', color: 'orange' };
    case 'sign_in_locked':
      return { label: 'Locked', color: 'red' };
    default:
      return { label: row.activity_type, color: 'gray' };
  }
}

/** The account's recent sign-ins, failed attempts and locks, from the activity log. */
export function RecentSignIns() {
  const { data: rows, error, isLoading } = useRecentSignIns();
  return (
    <SecurityCard
      title="Recent sign-ins"
      description="The latest sign-ins to your account and failed attempts. One you do not recognise? Change your password."
      testId="recent-sign-ins"
    >
      {isLoading ? (
        <Loader size="sm" aria-label="Loading recent sign-ins" />
      ) : error || !rows ? (
        <Text size="sm" c="dimmed">
          Recent sign-ins could not be loaded. Reload the page to try again.
        </Text>
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          No sign-ins recorded yet.
        </Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const { label, color } = signInLabel(row);
              return (
                <Table.Tr key={row.id} data-testid="sign-in-row">
                  <Table.Td>
                    <Text size="sm">{formatDateTime(row.created_datetime)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={color}>
                      {label}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row.description}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </SecurityCard>
  );
}
