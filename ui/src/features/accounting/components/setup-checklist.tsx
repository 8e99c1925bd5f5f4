import { Anchor, Button, Group, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconPlayerSkipForward } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

import { paths } from '@/config/paths';

import type { SetupProgress, SetupStep } from '../api/setup-progress';

/** Where each step is done in the product. */
const STEP_LINKS: Record<string, string> = {
  create_workspace: paths.workspace.root,
  complete_profile: paths.settings.root,
  set_up_chart_of_accounts: paths.accounting.root,
  invite_collaborators: paths.settings.tab('workspaces'),
  post_first_entry: `${paths.accounting.journalEntry}?entry=new`,
  choose_plan: paths.license,
};

type Props = {
  progress: SetupProgress;
  /** Admins skip steps and dismiss the checklist; others only read it. */
  canEdit: boolean;
  onSkip: (step: string) => void;
  onDismiss: () => void;
};

function StepRow({
  step,
  canEdit,
  onSkip,
}: { step: SetupStep } & Pick<Props, 'canEdit' | 'onSkip'>) {
  const finished = step.completed || step.skipped;
  return (
    <Group justify="space-between" wrap="nowrap" data-testid={`setup-step-${step.key}`}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon
          size={24}
          radius="xl"
          variant={step.completed ? 'filled' : 'light'}
          color={step.completed ? 'teal' : 'gray'}
        >
          {step.completed ? (
            <IconCheck size={14} />
          ) : step.skipped ? (
            <IconPlayerSkipForward size={14} />
          ) : (
            <IconCircleDashed size={14} />
          )}
        </ThemeIcon>
        <div>
          {finished ? (
            <Text size="sm" fw={500} c="dimmed" td={step.completed ? 'line-through' : undefined}>
              {step.title}
              {step.skipped && !step.completed ? ' (skipped)' : ''}
            </Text>
          ) : (
            <Anchor component={Link} to={STEP_LINKS[step.key] ?? paths.root} size="sm" fw={500}>
              {step.title}
            </Anchor>
          )}
          <Text size="xs" c="dimmed">
            {step.description}
          </Text>
        </div>
      </Group>
      {canEdit && !finished && (
        <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onSkip(step.key)}>
          Skip
        </Button>
      )}
    </Group>
  );
}

/**
 * The organization's set-up checklist on the dashboard of a new workspace: progress, each
 * step linked to where it is done, skip and dismiss for Admins. Gone once every step is
 * done or skipped, or once dismissed.
 */
export function SetupChecklist({ progress, canEdit, onSkip, onDismiss }: Props) {
  if (progress.dismissed || progress.completed >= progress.total) return null;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="setup-checklist">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Text fw={600}>Get your books set up</Text>
            <Text size="xs" c="dimmed">
              {progress.completed} of {progress.total} steps done
            </Text>
          </div>
          {canEdit && (
            <Button size="compact-sm" variant="default" onClick={onDismiss}>
              Dismiss
            </Button>
          )}
        </Group>
        <Progress value={progress.percent} size="sm" radius="xl" aria-label="Set-up progress" />
        <Stack gap={10}>
          {progress.steps.map((step) => (
            <StepRow key={step.key} step={step} canEdit={canEdit} onSkip={onSkip} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
