import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconArrowUpRight } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { ContentLayout } from '@/components/layouts/content-layout';
import { accountingNavItems } from '@/components/layouts/nav-items';

/** `/accounting`: the eight areas of the books, each one click away. */
export default function AccountingOverviewRoute() {
  return (
    <ContentLayout title="Accounting" caption="The books of the active workspace">
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
              p="lg"
              style={{ textDecoration: 'none' }}
              data-testid="accounting-area"
            >
              <Group justify="space-between" align="flex-start" mb="md">
                <ThemeIcon variant="light" radius="md" size={38}>
                  <ItemIcon size={20} stroke={1.7} />
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
    </ContentLayout>
  );
}
