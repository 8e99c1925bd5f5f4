import { Badge, Paper, Table, Text } from '@mantine/core';

import { permissionCatalog } from '@/lib/permissions';

import { LIMIT_ROWS, formatLimit } from '../lib/limits';

/** The plans side by side: each limit the server enforces and how many permissions. */
export function PlanLimitsTable() {
  const plans = permissionCatalog.plans;
  return (
    <Paper withBorder radius="lg" p={0} style={{ overflow: 'hidden' }}>
      <Table
        verticalSpacing="sm"
        horizontalSpacing="lg"
        striped={false}
        highlightOnHover
        aria-label="Plan limits"
      >
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
  );
}
