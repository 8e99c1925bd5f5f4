import { Badge, Button, Group, Modal, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';

import {
  ROLE_OPTIONS,
  changeMemberRole,
  removeFromWorkspace,
  roleLabel,
  useOrganizationMembers,
  type Member,
} from '@/features/workspaces';
import { notify } from '@/lib/notify';

import { useOrganizationWorkspaces } from '../api/organization-members';

type Props = {
  organizationId: string;
  /** The signed-in user's e-mail: they neither change their own role nor remove themselves. */
  selfEmail: string | null;
  canChangeRoles: boolean;
  canRemove: boolean;
};

const fullName = (m: Member) => `${m.first_name} ${m.last_name}`.trim() || m.email;

/**
 * Everyone in the organization with their role and the workspaces they cover. Admins
 * change a role (it holds in every workspace the membership covers) and remove a member
 * from one workspace; removed from their last, they leave the organization.
 */
export function OrganizationMembers({
  organizationId,
  selfEmail,
  canChangeRoles,
  canRemove,
}: Props) {
  const { data, error, mutate } = useOrganizationMembers(organizationId);
  const { data: workspaces } = useOrganizationWorkspaces(organizationId);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [fromWorkspace, setFromWorkspace] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const workspaceName = (id: string) =>
    (workspaces ?? []).find((w) => w.id === id)?.name ?? 'Another workspace';

  const changeRole = async (member: Member, value: string | null) => {
    if (value === null || Number(value) === member.role) return;
    try {
      await changeMemberRole(organizationId, member.id, Number(value));
      notify.success(`${member.first_name} is now ${roleLabel(Number(value))}.`);
    } catch {
      // The API client's handler has shown why (e.g. the last Admin).
    }
    await mutate();
  };

  const openRemove = (member: Member) => {
    setRemoving(member);
    setFromWorkspace(member.workspaces[0] ?? null);
  };

  const remove = async () => {
    if (!removing || !fromWorkspace) return;
    setPending(true);
    try {
      await removeFromWorkspace(organizationId, removing.id, fromWorkspace);
      notify.success(`${fullName(removing)} was removed from ${workspaceName(fromWorkspace)}.`);
      setRemoving(null);
    } catch {
      // Shown by the generic handler.
    } finally {
      setPending(false);
      await mutate();
    }
  };

  const members = (data?.data ?? []).filter((m) => m.is_active);
  return (
    <div>
      <Text fw={600} mb={4}>
        Members
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {data
          ? `${members.length} ${members.length === 1 ? 'member' : 'members'} across the organization's workspaces`
          : 'Loading members…'}
      </Text>
      {error ? (
        <Text size="sm" c="red">
          The members could not be loaded.
        </Text>
      ) : (
        <Paper withBorder radius="md">
          <Table verticalSpacing="sm" aria-label="Organization members">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Member</Table.Th>
                <Table.Th w={170}>Role</Table.Th>
                <Table.Th>Workspaces</Table.Th>
                <Table.Th w={120} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((member) => {
                const self = member.email === selfEmail;
                const name = fullName(member);
                return (
                  <Table.Tr key={member.id}>
                    <Table.Td>
                      <Text size="sm">
                        {name}
                        {self && (
                          <Text span c="dimmed" size="xs">
                            {' '}
                            (you)
                          </Text>
                        )}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {member.email}
                      </Text>
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
                      <Group gap={4}>
                        {member.workspaces.map((id) => (
                          <Badge key={id} variant="outline" radius="sm" color="gray">
                            {workspaceName(id)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      {canRemove && !self && member.workspaces.length > 0 && (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          leftSection={<IconUserMinus size={14} />}
                          onClick={() => openRemove(member)}
                          aria-label={`Remove ${name}`}
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
        </Paper>
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove member"
        centered
      >
        <Stack>
          <Select
            label="Remove from"
            data={(removing?.workspaces ?? []).map((id) => ({
              value: id,
              label: workspaceName(id),
            }))}
            value={fromWorkspace}
            onChange={setFromWorkspace}
            allowDeselect={false}
          />
          <Text size="sm">
            {removing ? fullName(removing) : ''} loses access to this workspace&apos;s books at
            once; their past work stays in the history.
            {removing?.workspaces.length === 1
              ? ' It is their last workspace here, so they leave the organization.'
              : ''}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={pending}
              disabled={!fromWorkspace}
              onClick={() => void remove()}
            >
              Remove
            </Button>
          </Group>
        </Stack>
      </Modal>
    </div>
  );
}
