import {
  Button,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  ThemeIcon,
  Tooltip,
  ActionIcon,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconLink,
  IconMail,
  IconRefresh,
  IconUsers,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

import { usePermission } from '@/hooks/use-permission';
import { notify } from '@/lib/notify';
import { ROLE } from '@/lib/permissions';

import {
  DEFAULT_INVITE_ROLE,
  INVALID_EMAIL_MESSAGE,
  createInvitation,
  isValidInviteEmail,
  type RoleNumber,
} from '../api/create-invitation';
import { createInvitationLink } from '../api/create-invitation-link';

/** Spec §4 role numbers, in the dropdown's order (spec §2: Viewer, Editor, Admin). */
export const ROLE_OPTIONS: { value: string; label: string }[] = [
  { value: String(ROLE.viewer), label: 'Viewer' },
  { value: String(ROLE.editor), label: 'Editor' },
  { value: String(ROLE.admin), label: 'Admin' },
];

function toRole(value: string | null): RoleNumber {
  if (value === String(ROLE.viewer)) return ROLE.viewer;
  if (value === String(ROLE.editor)) return ROLE.editor;
  return ROLE.admin;
}

export type InviteWorkspace = { id: string; name: string };

type InviteCollaboratorsModalProps = {
  opened: boolean;
  onClose: () => void;
  organizationId: string | null;
  /** The workspace the invitation is for by default (the active one). */
  workspaceId: string | null;
  /** The organization's workspaces the inviter may add. */
  workspaces: InviteWorkspace[];
  /** Collaborators now, for the plan's limit; undefined when unknown. */
  collaboratorUsage?: number;
  /** An e-mail invitation was sent: it holds a seat, so the usage must ask again. */
  onInvitationsChanged?: () => Promise<void>;
};

/** Spec §6: inviting needs actions:invite_collaborators within the collaborators limit (+1). */
function useInviteCheck(collaboratorUsage: number | undefined) {
  const { checkPermission } = usePermission();
  return useCallback(
    () =>
      checkPermission({
        action: 'invite_collaborators',
        variant: 'dialog',
        resource: 'collaborators',
        currentUsage: collaboratorUsage,
        increment: 1,
      }).allowed,
    [checkPermission, collaboratorUsage],
  );
}

function EmailTab({
  organizationId,
  workspaceId,
  workspaces,
  allowed,
  onInvited,
}: {
  organizationId: string | null;
  workspaceId: string | null;
  workspaces: InviteWorkspace[];
  allowed: () => boolean;
  onInvited: () => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>(String(DEFAULT_INVITE_ROLE));
  const [selected, setSelected] = useState<string[]>(workspaceId ? [workspaceId] : []);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // Spec §5: a bad address is a toast, and nothing is sent.
    if (!isValidInviteEmail(email)) {
      notify.error(INVALID_EMAIL_MESSAGE);
      return;
    }
    if (!allowed()) return;
    setPending(true);
    try {
      await createInvitation(organizationId, {
        email: email.trim(),
        role: toRole(role),
        workspaces: selected,
      });
      notify.success(`Invitation sent to ${email.trim()}`);
      setEmail('');
      // The next invitation from this form is checked against the seat this one holds.
      await onInvited().catch(() => undefined);
    } catch {
      // The API client has shown what went wrong.
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Invite by email">
      <Stack gap="md">
        <TextInput
          label="Email address"
          placeholder="Enter email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          leftSection={<IconMail size={16} />}
          data-autofocus
        />
        <Select
          label="Role"
          data={ROLE_OPTIONS}
          value={role}
          onChange={(value) => setRole(value ?? String(DEFAULT_INVITE_ROLE))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        {workspaces.length > 1 && (
          <MultiSelect
            label="Workspaces"
            description="The invitee joins these workspaces"
            data={workspaces.map((ws) => ({ value: ws.id, label: ws.name }))}
            value={selected}
            onChange={setSelected}
            comboboxProps={{ withinPortal: false }}
          />
        )}
        <Group justify="flex-end" mt="xs">
          <Button type="submit" loading={pending} disabled={pending || selected.length === 0}>
            Send Invite
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LinkTab({
  organizationId,
  workspaceId,
  allowed,
}: {
  organizationId: string | null;
  workspaceId: string | null;
  allowed: () => boolean;
}) {
  const [link, setLink] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const started = useRef(false);

  const generate = useCallback(async () => {
    // The server refuses a new link when no seat is left, though the link takes none.
    if (!allowed()) return;
    setPending(true);
    try {
      setLink(await createInvitationLink(organizationId, workspaceId ? [workspaceId] : null));
    } catch {
      // The API client has shown what went wrong.
    } finally {
      setPending(false);
    }
  }, [organizationId, workspaceId, allowed]);

  // Spec §2: the link is generated when the tab opens (once per opening).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void generate();
  }, [generate]);

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size={36} radius="xl">
          <IconLink size={18} />
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={600} size="sm">
            Share invite link
          </Text>
          <Text size="sm" c="dimmed">
            Anyone with this link can join the workspace as a viewer.
          </Text>
        </Stack>
      </Group>
      <TextInput
        readOnly
        aria-label="Invite link"
        value={pending && !link ? 'Generating link...' : (link ?? '')}
        placeholder={pending ? 'Generating link...' : 'No link yet'}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        rightSection={
          link ? (
            <CopyButton value={link} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy link'} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label={copied ? 'Copied' : 'Copy link'}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          ) : null
        }
      />
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          onClick={() => void generate()}
          loading={pending}
          disabled={pending}
        >
          Generate new link
        </Button>
      </Group>
    </Stack>
  );
}

/** Spec §2 "Invite Collaborators modal": invite by e-mail or share a viewer link. */
export function InviteCollaboratorsModal({
  opened,
  onClose,
  organizationId,
  workspaceId,
  workspaces,
  collaboratorUsage,
  onInvitationsChanged = async () => undefined,
}: InviteCollaboratorsModalProps) {
  const allowed = useInviteCheck(collaboratorUsage);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Group gap="sm">
          <ThemeIcon variant="light" radius="xl" size={32}>
            <IconUsers size={16} />
          </ThemeIcon>
          <span>Invite Collaborators</span>
        </Group>
      }
      size="md"
      centered
    >
      <Tabs defaultValue="email" keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="email" leftSection={<IconMail size={14} />}>
            Invite by email
          </Tabs.Tab>
          <Tabs.Tab value="link" leftSection={<IconLink size={14} />}>
            Invite by link
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="email">
          <EmailTab
            organizationId={organizationId}
            workspaceId={workspaceId}
            workspaces={workspaces}
            allowed={allowed}
            onInvited={onInvitationsChanged}
          />
        </Tabs.Panel>
        <Tabs.Panel value="link">
          <LinkTab organizationId={organizationId} workspaceId={workspaceId} allowed={allowed} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
