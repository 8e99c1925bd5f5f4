import { Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

/** The product mark; links to / (spec §2 "logo link"). */
export function Logo({ withText = true, size = 28 }: { withText?: boolean; size?: number }) {
  return (
    <Link
      to={paths.root}
      style={{ textDecoration: 'none', display: 'inline-flex' }}
      aria-label="Ledgerline home"
    >
      <Group gap={10} wrap="nowrap">
        <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="8" fill="var(--mantine-color-accent-6)" />
          <path
            d="M10 8v16h12"
            stroke="#fff"
            strokeWidth="3.2"
            fill="none"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <path d="M15 18h7" stroke="#c7d2fe" strokeWidth="3.2" strokeLinecap="round" />
        </svg>
        {withText && (
          <Text fw={650} size="lg" c="gray.9" style={{ letterSpacing: '-0.01em' }}>
            Ledgerline
          </Text>
        )}
      </Group>
    </Link>
  );
}
