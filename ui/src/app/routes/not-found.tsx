import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  useDocumentTitle('Page not found · Ledgerline');
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" ta="center" maw={420}>
        <Text c="accent.6" fw={600} size="sm">
          404
        </Text>
        <Title order={1} fz={26} fw={650}>
          Page not found
        </Title>
        <Text c="dimmed" size="sm">
          The address may be mistyped, or the page has moved.
        </Text>
        <Button component={Link} to={paths.root} mt="sm">
          Go to home
        </Button>
      </Stack>
    </Center>
  );
}
