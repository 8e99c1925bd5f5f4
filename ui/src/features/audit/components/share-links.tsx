import { Badge, Button, Skeleton, Table, Text } from '@mantine/core';
import { useState } from 'react';

import { formatDateTime } from '@/lib/format-date-time';

import { refreshShareLinks, useShareLinks, useShareViews, type ShareLink } from '../api/findings';
import { revokeShare } from '../api/shares';
import { SectionCard } from './section-card';

function linkState(link: ShareLink): { label: string; color: string } {
  if (link.revoked_at) return { label: 'Revoked', color: 'gray' };
  if (link.expired) return { label: 'Expired', color: 'gray' };
  return { label: 'Live', color: 'green' };
}

type ShareLinksListProps = { workspaceId: string; sessionId: string };

/** The session's links, newest first: who made each, its state and views, and revoke. */
export function ShareLinksList({ workspaceId, sessionId }: ShareLinksListProps) {
  const { data, error } = useShareLinks(workspaceId, sessionId);
  const [revoking, setRevoking] = useState<string | null>(null);
  if (error) {
    return (
      <Text size="sm" c="red">
        The links could not be loaded.
      </Text>
    );
  }
  if (!data) return <Skeleton h={80} />;
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No link has been created yet.
      </Text>
    );
  }
  const revoke = async (id: string) => {
    setRevoking(id);
    try {
      await revokeShare(workspaceId, sessionId, id);
      await refreshShareLinks(workspaceId, sessionId);
    } catch {
      // The API client has already told the user; the link stays as it was.
    } finally {
      setRevoking(null);
    }
  };
  return (
    <Table fz="xs" verticalSpacing={4} data-testid="audit-share-links">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Created</Table.Th>
          <Table.Th>Expires</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th ta="right">Views</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((link) => {
          const state = linkState(link);
          return (
            <Table.Tr key={link.id}>
              <Table.Td>
                {formatDateTime(link.created_at)}
                {link.created_by_name && (
                  <Text size="xs" c="dimmed">
                    {link.created_by_name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(link.expires_at)}</Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={state.color} radius="sm">
                  {state.label}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                {link.view_count}
                {link.last_viewed_at && (
                  <Text size="xs" c="dimmed">
                    last {formatDateTime(link.last_viewed_at)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">
                {state.label === 'Live' && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    loading={revoking === link.id}
                    onClick={() => void revoke(link.id)}
                  >
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** Every view of the session's shared links: when, which link, from where. */
export function ShareAccessLog({ workspaceId, sessionId }: ShareLinksListProps) {
  const { data, error } = useShareViews(workspaceId, sessionId);
  const links = useShareLinks(workspaceId, sessionId);
  if (!error && data?.length === 0 && links.data?.length === 0) return null;
  const linkNumber = new Map(
    [...(links.data ?? [])].reverse().map((link, i) => [link.id, `Link ${i + 1}`]),
  );
  return (
    <SectionCard
      title="Shared-view access log"
      caption="Every opening of a shared link, recorded in the log — never the link itself"
      testId="audit-access-log"
    >
      {error ? (
        <Text size="sm" c="red">
          The access log could not be loaded.
        </Text>
      ) : !data ? (
        <Skeleton h={60} />
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No one has opened a shared link yet.
        </Text>
      ) : (
        <Table fz="xs" verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Viewed</Table.Th>
              <Table.Th>Link</Table.Th>
              <Table.Th>Address</Table.Th>
              <Table.Th>Browser</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((view) => (
              <Table.Tr key={view.id}>
                <Table.Td>{formatDateTime(view.viewed_at)}</Table.Td>
                <Table.Td>{linkNumber.get(view.share_id) ?? view.share_id.slice(0, 8)}</Table.Td>
                <Table.Td ff="monospace">{view.client_address ?? '—'}</Table.Td>
                <Table.Td
                  maw={320}
                  style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                  title={view.user_agent ?? undefined}
                >
                  {view.user_agent ?? '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </SectionCard>
  );
}
