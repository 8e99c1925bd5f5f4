import {
  Avatar,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';

import { PendingInvitations } from '@/features/invitations';
import { useCurrentUser } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { checkPermission, effectivePlan, roleInWorkspace } from '@/lib/permissions';
import { useOrganizationPlan } from '@/lib/subscription';
import { pickActiveWorkspace, useMyWorkspaces } from '@/lib/workspaces';
import { storage } from '@/lib/storage';

import {
  changeMemberRole,
  removeFromWorkspace,
  useWorkspaceMembers,
  type Member,
} from '../api/memberships';

/** The role select's options: the spec's role names by number (§6). */
export const ROLE_OPTIONS = [
  { value: '0', label: 'Viewer' },
  { value: '1', label: 'Editor' },
  { value: '2', label: 'Admin' },
];

export function roleLabel(role: number): string {
  return ROLE_OPTIONS.find((o) => o.value === String(role))?.label ?? 'Viewer';
}

/** Who may manage the workspace's members, by the one permission module. */
function useMemberPermissions(workspaceId: string | null) {
  const { data: user } = useCurrentUser();
  const { plan, settled } = useOrganizationPlan();
  const role = user ? roleInWorkspace(user.memberships, workspaceId) : null;
  const context = { role, plan: effectivePlan(plan).id };
  const ready = user !== undefined && settled;
  return {
    // The profile carries no id; the e-mail identifies the signed-in member as well.
    email: user?.email ?? null,
    canChangeRoles: ready && checkPermission({ action: 'change_member_roles' }, context).allowed,
    canRemove: ready && checkPermission({ action: 'remove_members' }, context).allowed,
    canInvite: ready && checkPermission({ action: 'invite_collaborators' }, context).allowed,
  };
}

type Props = { workspaceId: string | null };

/**
 * The Workspaces tab of Settings: the workspace's members with their roles; Admins change
 * roles and remove members (the server keeps the last Admin and says so).
 */
export function WorkspaceMembers({ workspaceId: asked }: Props) {
  const { data: workspaces } = useMyWorkspaces();
  const workspace =
    (workspaces ?? []).find((w) => w.id === asked) ??
    pickActiveWorkspace(workspaces ?? [], storage.getWorkspaceId());
  const workspaceId = workspace?.id ?? null;
  const organizationId = workspace?.organization_id ?? null;
  const { data, error, isLoading, mutate } = useWorkspaceMembers(organizationId, workspaceId);
  const { email, canChangeRoles, canRemove, canInvite } = useMemberPermissions(workspaceId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [pending, setPending] = useState(false);

  const changeRole = async (member: Member, value: string | null) => {
    if (!organizationId || value === null || Number(value) === member.role) return;
    try {
      await changeMemberRole(organizationId, member.id, Number(value));
      notify.success(`${member.first_name} is now ${roleLabel(Number(value))}.`);
    } catch {
      // The API client's handler has shown why (e.g. the last Admin).
    }
    await mutate();
  };

  const remove = async () => {
    if (!organizationId || !workspaceId || !removing) return;
    setPending(true);
    try {
      await removeFromWorkspace(organizationId, removing.id, workspaceId);
      notify.success(`${removing.first_name} ${removing.last_name} was removed.`);
      setRemoving(null);
    } catch {
      // Shown by the generic handler.
    } finally {
      setPending(false);
      await mutate();
    }
  };

  if (!workspace) return <Loader size="sm" aria-label="Loading the workspace" />;
  const members = data?.data ?? [];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Text fw={600}>Members</Text>
          <Text size="sm" c="dimmed">
            {data ? `${data.count} ${data.count === 1 ? 'member' : 'members'}` : 'Members'}
          </Text>
        </div>
      </Group>
      <Paper withBorder radius="md">
        {isLoading && !data ? (
          <Loader size="sm" m="md" aria-label="Loading members" />
        ) : error ? (
          <Text size="sm" c="red" p="md">
            The members could not be loaded.
          </Text>
        ) : (
          <Table verticalSpacing="sm" aria-label="Workspace members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Member</Table.Th>
                <Table.Th>E-mail</Table.Th>
                <Table.Th w={170}>Role</Table.Th>
                <Table.Th w={120} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => {
                const self = member.email === email;
                const name = `${member.first_name} ${member.last_name}`.trim();
                return (
                  <Table.Tr key={member.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar size={28} radius="xl" color="indigo">
                          {name.charAt(0).toUpperCase()}
                        </Avatar>
                        <Text size="sm">
                          {name}
                          {self && (
                            <Text span c="dimmed" size="xs">
                              {' '}
                              (you)
                            </Text>
                          )}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{member.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      {canChangeRoles && !self ? (
                        <Select
                          size="xs"
                          data={ROLE_OPTIONS}
                          value={String(member.role)}
                          onChange={(value) => void changeRole(member, value)}
                          allowDeselect={false}
                          aria-label={`Role of ${name}`}
                        />
                      ) : (
                        <Badge variant="light" radius="sm">
                          {roleLabel(member.role)}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {canRemove && !self && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconUserMinus size={14} />}
                          onClick={() => setRemoving(member)}
                        >
                          Remove
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
      <PendingInvitations
        organizationId={organizationId}
        workspaceId={workspaceId}
        canInvite={canInvite}
      />
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove member"
        centered
      >
        <Stack>
          <Text size="sm">
            Remove {removing?.first_name} {removing?.last_name} from {workspace.name}? They lose
            access to its books at once; their past work stays in the history.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button color="red" loading={pending} onClick={() => void remove()}>
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
