import { Center, Loader } from '@mantine/core';

/** Shown while a route's code loads. */
export function RouteLoader() {
  return (
    <Center mih="50vh" aria-label="Loading">
      <Loader size="sm" type="dots" />
    </Center>
  );
}
