import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { useSetupProgress, type SetupStep } from '@/features/accounting';

type Props = { canEdit: boolean };

function stepState(step: SetupStep): { label: string; color: string } {
  if (step.completed) return { label: 'Done', color: 'teal' };
  if (step.skipped) return { label: 'Skipped', color: 'gray' };
  return { label: 'To do', color: 'yellow' };
}

/**
 * The organization's set-up progress, every step with its state. The books decide what
 * is done; Admins skip a step or take a skip back, and show or hide the dashboard's
 * checklist.
 */
export function SetupProgressCard({ canEdit }: Props) {
  const { progress, update } = useSetupProgress();
  const [busy, setBusy] = useState<string | null>(null);
  if (!progress) return null;

  const run = async (key: string, change: Parameters<typeof update>[0]) => {
    setBusy(key);
    try {
      await update(change);
    } catch {
      // Shown by the API client's handler.
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" data-testid="organization-setup-progress">
      <Stack gap="sm">
        <Group justify="space-between">
          <div>
            <Text fw={600}>Set-up progress</Text>
            <Text size="sm" c="dimmed">
              {progress.completed} of {progress.total} steps done ({progress.percent}%)
            </Text>
          </div>
          {canEdit && (
            <Button
              size="compact-sm"
              variant="default"
              loading={busy === 'dismiss'}
              onClick={() => void run('dismiss', { dismiss: !progress.dismissed })}
            >
              {progress.dismissed ? 'Show on the dashboard' : 'Hide from the dashboard'}
            </Button>
          )}
        </Group>
        <Progress value={progress.percent} size="sm" radius="xl" aria-label="Set-up progress" />
        {progress.steps.map((step) => {
          const state = stepState(step);
          return (
            <Group key={step.key} justify="space-between" wrap="nowrap">
              <div>
                <Text size="sm" fw={500}>
                  {step.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {step.description}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                <Badge variant="light" radius="sm" color={state.color}>
                  {state.label}
                </Badge>
                {canEdit && !step.completed && (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    loading={busy === step.key}
                    onClick={() =>
                      void run(step.key, step.skipped ? { unskip: step.key } : { skip: step.key })
                    }
                    aria-label={`${step.skipped ? 'Undo skip of' : 'Skip'} ${step.title}`}
                  >
                    {step.skipped ? 'Undo skip' : 'Skip'}
                  </Button>
                )}
              </Group>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
