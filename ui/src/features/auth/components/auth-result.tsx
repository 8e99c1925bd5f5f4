import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type AuthResultProps = {
  icon: ReactNode;
  color?: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
};

/** The outcome of an auth step (link sent, e-mail verified, …) in place of its form. */
export function AuthResult({ icon, color = 'accent', title, children, actions }: AuthResultProps) {
  return (
    <Stack gap="md" data-testid="auth-result">
      <ThemeIcon size={48} radius="xl" variant="light" color={color}>
        {icon}
      </ThemeIcon>
      <Title order={1} fz={24} fw={650} style={{ letterSpacing: '-0.02em' }}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" lh={1.6}>
        {children}
      </Text>
      {actions}
    </Stack>
  );
}
