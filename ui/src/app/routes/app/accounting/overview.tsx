import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { accountingNavItems } from '@/components/layouts/nav-items';
import { ChartOfAccounts } from '@/features/accounting/components/chart-of-accounts';

/** `/accounting`: the chart of accounts, and the eight areas of the books one click away. */
export default function AccountingOverviewRoute() {
  return (
    <ContentLayout title="Accounting" caption="The books of the active workspace">
      <Stack gap="xl">
        <Stack gap="sm">
          <div>
            <Title order={2} size="h4" fw={600}>
              Chart of accounts
            </Title>
            <Text size="sm" c="dimmed">
              Every account of the workspace, with its balance as of today. Parents roll up their
              sub-accounts; postings go to accounts without sub-accounts.
            </Text>
          </div>
          <ChartOfAccounts />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          {accountingNavItems.map((item) => {
            const ItemIcon = item.icon;
            return (
              <Paper
                key={item.to}
                component={Link}
                to={item.to}
                withBorder
                radius="lg"
                p="md"
                style={{ textDecoration: 'none' }}
                data-testid="accounting-area"
              >
                <Group justify="space-between" align="flex-start" mb="xs">
                  <ThemeIcon variant="light" radius="md" size={32}>
                    <ItemIcon size={18} stroke={1.7} />
                  </ThemeIcon>
                  <IconArrowUpRight size={16} color="var(--mantine-color-gray-4)" />
                </Group>
                <Text fw={600} size="sm" c="gray.9">
                  {item.label}
                </Text>
                <Text size="xs" c="dimmed" mt={4} lh={1.5}>
                  {item.description}
                </Text>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
    </ContentLayout>
  );
}
