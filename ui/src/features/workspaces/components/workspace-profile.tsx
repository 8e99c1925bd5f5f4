import {
  Avatar,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowsExchange, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';

import { ImagePicker } from '@/components/ui/image-picker';
import { TimeZoneSelect } from '@/components/ui/time-zone-select';
import { PendingTransferNotice, RequestTransferModal } from '@/features/transfers';
import { useCurrentUser } from '@/lib/auth';
import { notify } from '@/lib/notify';
import { checkPermission, effectivePlan, roleInWorkspace } from '@/lib/permissions';
import { DEFAULT_TIME_ZONE } from '@/lib/time-zone';
import { storage } from '@/lib/storage';
import { useOrganizationPlan } from '@/lib/subscription';
import { uploadImage } from '@/lib/upload-image';
import {
  MY_WORKSPACES_PATH,
  WORKSPACE_NAME_FALLBACK,
  pickActiveWorkspace,
  switchWorkspace,
  useMyWorkspaces,
  type Workspace,
} from '@/lib/workspaces';

import {
  deleteWorkspace,
  lastWorkspaceReason,
  renameWorkspace,
  renameWorkspaceSchema,
  setWorkspaceImage,
  setWorkspaceTimeZone,
} from '../api/update-workspace';
import { WorkspaceMembers } from './workspace-members';

/** What the user may do to this workspace, by the one permission module. */
function useWorkspacePermissions(workspaceId: string | null) {
  const { data: user } = useCurrentUser();
  const { plan, settled } = useOrganizationPlan();
  const role = user ? roleInWorkspace(user.memberships, workspaceId) : null;
  const context = { role, plan: effectivePlan(plan).id };
  const ready = user !== undefined && settled;
  return {
    canRename: ready && checkPermission({ action: 'edit_workspace_settings' }, context).allowed,
    canDelete: ready && checkPermission({ action: 'delete_workspace' }, context).allowed,
  };
}

function RenameForm({ workspace, canRename }: { workspace: Workspace; canRename: boolean }) {
  const [name, setName] = useState(workspace.name);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => setName(workspace.name), [workspace.name]);

  const save = async () => {
    const parsed = renameWorkspaceSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Workspace name is not valid');
      return;
    }
    setError(null);
    setPending(true);
    try {
      await renameWorkspace(workspace, parsed.data.name);
      notify.success(`The workspace is now called ${parsed.data.name}.`);
    } catch {
      // Shown by the API client's handler (e.g. the name is taken).
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      aria-label="Rename workspace"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Group align="flex-end">
        <TextInput
          label="Workspace name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={error}
          readOnly={!canRename}
          style={{ flex: 1 }}
        />
        {canRename && (
          <Button type="submit" loading={pending} disabled={name.trim() === workspace.name}>
            Rename
          </Button>
        )}
      </Group>
    </form>
  );
}

/**
 * The zone the workspace's times are read in: audit sessions judge weekends and after-hours
 * postings in it. Admins pick from the IANA zones; others see it.
 */
function TimeZoneForm({ workspace, canEdit }: { workspace: Workspace; canEdit: boolean }) {
  const current = workspace.time_zone ?? DEFAULT_TIME_ZONE;
  const [zone, setZone] = useState(current);
  const [pending, setPending] = useState(false);
  useEffect(() => setZone(current), [current]);

  const save = async () => {
    setPending(true);
    try {
      await setWorkspaceTimeZone(workspace, zone);
      notify.success(`The workspace's times are now read in ${zone}.`);
    } catch {
      // Shown by the API client's handler.
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      aria-label="Workspace time zone"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Group align="flex-end">
        <TimeZoneSelect
          label="Time zone"
          description="Audit sessions read posting times in this zone (weekends, after hours)."
          value={zone}
          onChange={setZone}
          readOnly={!canEdit}
          allowDeselect={false}
          style={{ flex: 1 }}
        />
        {canEdit && (
          <Button type="submit" loading={pending} disabled={!zone || zone === current}>
            Save time zone
          </Button>
        )}
      </Group>
    </form>
  );
}

/** Change or remove the workspace's image: uploaded into the workspace, then shown. */
function WorkspaceImageControls({ workspace }: { workspace: Workspace }) {
  return (
    <ImagePicker
      noun="image"
      hasImage={Boolean(workspace.image?.absolute_url)}
      onPick={async (file) => {
        const image = await uploadImage(file, workspace.id);
        await setWorkspaceImage(workspace, image.id);
      }}
      onRemove={() => setWorkspaceImage(workspace, null)}
    />
  );
}

function DeleteWorkspaceModal({
  workspace,
  workspaces,
  opened,
  onClose,
}: {
  workspace: Workspace;
  workspaces: readonly Workspace[];
  opened: boolean;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const close = () => {
    setTyped('');
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    try {
      await deleteWorkspace(workspace);
      notify.success(`${workspace.name} was deleted.`);
      close();
      // The active workspace deleted: into another one, whose data replaces the cache.
      const next = workspaces.find((w) => w.id !== workspace.id);
      if (next && storage.getWorkspaceId() === workspace.id) await switchWorkspace(next);
      else await mutate(MY_WORKSPACES_PATH);
    } catch {
      // Shown by the API client's handler.
    } finally {
      setPending(false);
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Delete workspace" centered>
      <Stack>
        <Text size="sm">
          {workspace.name} leaves every list and its members lose access. Its history stays in the
          log for audits. Type the workspace name to confirm.
        </Text>
        <TextInput
          label="Workspace name"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={pending}
            disabled={typed.trim() !== workspace.name}
            onClick={() => void confirm()}
          >
            Delete workspace
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Props = { workspaceId: string | null };

/**
 * The workspace profile (/settings/workspaces?wsId=): its name (renamed by those with
 * workspace settings), its transfer to another organization and its deletion (Admins;
 * never the last workspace), and its members.
 */
export function WorkspaceProfile({ workspaceId: asked }: Props) {
  const { data: workspaces } = useMyWorkspaces();
  const list = workspaces ?? [];
  const workspace =
    list.find((w) => w.id === asked) ?? pickActiveWorkspace(list, storage.getWorkspaceId());
  const { canRename, canDelete } = useWorkspacePermissions(workspace?.id ?? null);
  const [transferring, setTransferring] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (!workspace) return <Loader size="sm" aria-label="Loading the workspace" />;
  const name = workspace.name || WORKSPACE_NAME_FALLBACK;
  const lastReason = lastWorkspaceReason(workspace, list);

  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="md">
            <Avatar
              size={56}
              radius="md"
              color="indigo"
              src={workspace.image?.absolute_url ?? null}
              alt={name}
            >
              {name.charAt(0).toUpperCase()}
            </Avatar>
            <div>
              <Text fw={600} size="lg">
                {name}
              </Text>
              <Text size="sm" c="dimmed">
                Your role: {workspace.role_display ?? 'Member'}
              </Text>
            </div>
            {canRename && (
              <div style={{ marginLeft: 'auto' }}>
                <WorkspaceImageControls workspace={workspace} />
              </div>
            )}
          </Group>
          <PendingTransferNotice
            organizationId={workspace.organization_id}
            workspaceId={workspace.id}
            canCancel={canDelete}
          />
          <RenameForm workspace={workspace} canRename={canRename} />
          <TimeZoneForm workspace={workspace} canEdit={canRename} />
          {canDelete && (
            <Group justify="flex-end">
              <Button
                variant="default"
                leftSection={<IconArrowsExchange size={16} />}
                onClick={() => setTransferring(true)}
              >
                Transfer workspace
              </Button>
              <Tooltip label={lastReason} disabled={lastReason === null}>
                <span>
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconTrash size={16} />}
                    disabled={lastReason !== null}
                    onClick={() => setDeleting(true)}
                  >
                    Delete workspace
                  </Button>
                </span>
              </Tooltip>
            </Group>
          )}
          {canDelete && lastReason && (
            <Text size="xs" c="dimmed" ta="right">
              {lastReason}
            </Text>
          )}
        </Stack>
      </Paper>
      <WorkspaceMembers workspaceId={workspace.id} />
      <RequestTransferModal
        opened={transferring}
        onClose={() => setTransferring(false)}
        workspace={{ id: workspace.id, name, organization_id: workspace.organization_id }}
      />
      <DeleteWorkspaceModal
        workspace={workspace}
        workspaces={list}
        opened={deleting}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
