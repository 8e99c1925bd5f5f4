import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';

import { usePermission } from '@/hooks/use-permission';
import { notify } from '@/lib/notify';

import {
  WORKSPACE_NAME_LENGTH_MAX,
  createWorkspace,
  createWorkspaceInputSchema,
  type CreateWorkspaceInput,
  type CreatedWorkspace,
} from '../api/create-workspace';

type CreateWorkspaceFormProps = {
  organizationId: string | null;
  /** Workspaces the organization has now, for the plan's workspace limit. */
  workspaceCount: number;
  onCreated: (workspace: CreatedWorkspace) => void | Promise<void>;
};

/** Spec §6: creating a workspace needs workspace:write and room in the plan's workspace limit. */
export function CreateWorkspaceForm({
  organizationId,
  workspaceCount,
  onCreated,
}: CreateWorkspaceFormProps) {
  const { checkPermission, ready } = usePermission({ organizationId });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CreateWorkspaceInput>({
    resolver: zodResolver(createWorkspaceInputSchema),
    defaultValues: { name: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const allowed = checkPermission({
      action: 'create_workspace',
      variant: 'dialog',
      resource: 'workspaces',
      currentUsage: workspaceCount,
      increment: 1,
    });
    if (!allowed.allowed) return;
    try {
      const created = await createWorkspace(organizationId, values);
      notify.success(`Workspace ${created.name} created`);
      await onCreated(created);
    } catch {
      // The API client has already shown what went wrong.
    }
  });

  return (
    <Paper withBorder radius="lg" p={32} shadow="xs">
      <Stack gap={4} mb="lg">
        <Title order={1} fz={22} fw={600}>
          Create a workspace
        </Title>
        <Text size="sm" c="dimmed">
          A workspace holds one set of books: its chart of accounts, journal entries, reports and
          the people who work on them.
        </Text>
      </Stack>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create workspace">
        <Stack gap="md">
          <TextInput
            label="Workspace name"
            placeholder="e.g. Acme Nigeria Ltd"
            maxLength={WORKSPACE_NAME_LENGTH_MAX}
            size="md"
            error={errors.name?.message}
            {...register('name')}
          />
          <Button type="submit" size="md" loading={isSubmitting} disabled={!ready}>
            Create workspace
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
