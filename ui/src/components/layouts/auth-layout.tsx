import { Box, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { Logo } from '@/components/ui/logo';

import classes from './auth-layout.module.css';

const POINTS = [
  'Double-entry books that always balance, with a history that never changes.',
  'Trial balance, ledgers and reports as of any date.',
  'Audit sessions you can share with a read-only link.',
];

/** Sign-in and account pages: a brand panel beside the form. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.root}>
      <aside className={classes.brand}>
        <Stack gap={40} maw={420}>
          <Box className={classes.brandLogo}>
            <Logo />
          </Box>
          <Title order={2} c="white" fz={30} fw={650} lh={1.2} style={{ letterSpacing: '-0.02em' }}>
            Accounting and audit, in one workspace.
          </Title>
          <List
            spacing="md"
            c="accent.1"
            fz="sm"
            icon={
              <ThemeIcon size={20} radius="xl" color="accent.4" variant="filled">
                <IconCheck size={12} stroke={3} />
              </ThemeIcon>
            }
          >
            {POINTS.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Stack>
        <Text size="xs" c="accent.2" className={classes.brandFoot}>
          © Ledgerline
        </Text>
      </aside>
      <main className={classes.formSide}>
        <div className={classes.formBox}>{children}</div>
      </main>
    </div>
  );
}
