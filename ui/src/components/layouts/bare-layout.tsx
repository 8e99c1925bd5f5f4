import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';

import { Logo } from '@/components/ui/logo';

/** A layout without side navigation: logo on top, one centred column (spec §2 workspace area). */
export function BareLayout({ children, width = 520 }: { children: ReactNode; width?: number }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box px={32} py={20}>
        <Logo />
      </Box>
      <Container size={width} py={40}>
        {children}
      </Container>
    </Box>
  );
}
