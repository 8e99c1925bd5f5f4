import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Navigate, isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';

import { paths } from '@/config/paths';

import { START_FAILURE_REDIRECT, isStartNavigationDone } from './startup';

/**
 * The root error element. At start (before any route rendered) a failure sends the user
 * to sign-in (spec §2); later it shows what happened and offers a reload.
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();

  if (!isStartNavigationDone() && pathname !== START_FAILURE_REDIRECT) {
    return <Navigate to={START_FAILURE_REDIRECT} replace />;
  }

  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';

  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2} size="h3">
          This page could not be shown
        </Title>
        <Text c="dimmed" size="sm">
          Something went wrong while opening this page. Reloading usually helps; if it keeps
          happening, tell your administrator what you were doing.
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {detail}
        </Text>
        <Button mt="sm" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <Button variant="subtle" component="a" href={paths.root}>
          Go to home
        </Button>
      </Stack>
    </Center>
  );
}
