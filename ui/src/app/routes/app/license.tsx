import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';

import { ContentLayout } from '@/components/layouts/content-layout';
import { permissionCatalog } from '@/lib/permissions';

/** The plan limits the server enforces, by name, in the order of spec §9. */
const LIMIT_ROWS: { key: string; label: string; bytes: boolean }[] = [
  { key: 'workspaces', label: 'Workspaces', bytes: false },
  { key: 'collaborators', label: 'Collaborators', bytes: false },
  { key: 'financial_reports', label: 'Financial reports', bytes: false },
  { key: 'file_upload', label: 'File upload', bytes: true },
  { key: 'document_storage', label: 'Document storage', bytes: true },
];

const MIB = 1024 * 1024;

export function formatLimit(value: number | null | undefined, bytes: boolean): string {
  if (value === null || value === undefined) return 'Unlimited';
  if (!bytes) return value.toLocaleString('en');
  if (value >= 1024 * MIB && value % (1024 * MIB) === 0) return `${value / (1024 * MIB)} GB`;
  return `${Math.round(value / MIB).toLocaleString('en')} MB`;
}

/** `/license`: the plans and what each allows. Checkout arrives with the payments API. */
export default function LicenseRoute() {
  const plans = permissionCatalog.plans;
  return (
    <ContentLayout title="License Plan" caption="Subscription plans and their limits">
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
          <Table verticalSpacing="sm" horizontalSpacing="lg" striped={false} highlightOnHover>
            <Table.Thead bg="gray.0">
              <Table.Tr>
                <Table.Th>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    Limit
                  </Text>
                </Table.Th>
                {plans.map((plan) => (
                  <Table.Th key={plan.id}>
                    <Text fw={600} size="sm">
                      {plan.name}{' '}
                      {plan.id === permissionCatalog.default_plan && (
                        <Badge size="xs" variant="light" ml={4}>
                          Default
                        </Badge>
                      )}
                    </Text>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {LIMIT_ROWS.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {row.label}
                    </Text>
                  </Table.Td>
                  {plans.map((plan) => (
                    <Table.Td key={plan.id}>
                      <Text size="sm" c="gray.7">
                        {formatLimit(plan.limits[row.key], row.bytes)}
                      </Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    Permissions included
                  </Text>
                </Table.Td>
                {plans.map((plan) => (
                  <Table.Td key={plan.id}>
                    <Text size="sm" c="gray.7">
                      {plan.permissions.length} of {permissionCatalog.permissions.length}
                    </Text>
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Paper>
        <Paper withBorder radius="lg" p="lg" bg="gray.0" style={{ borderStyle: 'dashed' }}>
          <Title order={3} size="h5" fw={600}>
            Your subscription
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            Your organization&apos;s current plan, its renewal date, payment history and the option
            to upgrade will appear here.
          </Text>
        </Paper>
      </Stack>
    </ContentLayout>
  );
}
