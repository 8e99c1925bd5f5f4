import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';

import { paths } from '@/config/paths';
import { WORKSPACE_NAME_FALLBACK, type Workspace } from '@/lib/workspaces';
import {
  WorkspaceReadError,
  useRetryWorkspaceRead,
  useWorkspaceReadGuard,
  type WorkspaceReadFailure,
} from '@/lib/workspace-read';

const TEXTS: Record<WorkspaceReadFailure, { title: string; body: string }> = {
  gone: {
    title: 'This workspace no longer exists',
    body: 'It may have been deleted or moved to another organization. Switch to another workspace to carry on.',
  },
  forbidden: {
    title: "You don't have access to this workspace",
    body: 'Your membership no longer covers it. Switch to another workspace, or ask an administrator to invite you again.',
  },
  unavailable: {
    title: 'This workspace could not be loaded',
    body: 'The server did not answer as expected. Try again in a moment, or switch to another workspace.',
  },
};

type FallbackProps = {
  failure: WorkspaceReadFailure;
  others: readonly Workspace[];
  onSwitch: (workspace: Workspace) => void;
  onRetry: () => void;
  retrying: boolean;
};

function WorkspaceReadFallback({ failure, others, onSwitch, onRetry, retrying }: FallbackProps) {
  const text = TEXTS[failure];
  return (
    <Center py={64} px="xl">
      <Stack align="center" gap="sm" maw={460} ta="center" role="alert">
        <Title order={2} size="h3">
          {text.title}
        </Title>
        <Text c="dimmed" size="sm">
          {text.body}
        </Text>
        {others.length > 0 ? (
          <Group justify="center" gap="xs" mt="sm" aria-label="Switch workspace" role="group">
            {others.map((ws) => (
              <Button key={ws.id} variant="light" onClick={() => onSwitch(ws)}>
                {`Switch to ${ws.name || WORKSPACE_NAME_FALLBACK}`}
              </Button>
            ))}
          </Group>
        ) : null}
        <Button variant="subtle" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Center>
  );
}

type BoundaryProps = {
  children: ReactNode;
  /** The user's workspaces, to offer the others as a way out. */
  workspaces: readonly Workspace[];
  activeId: string | null;
  onSwitch: (workspace: Workspace) => void;
  /** A new value (another workspace, another page) clears a shown failure. */
  resetKey: string;
  /** Asks again for what the failed read depends on. */
  reread: () => Promise<void>;
};

type BoundaryState = { error: unknown; resetKey: string; retrying: boolean };

/**
 * Spec §8: workspace read errors are thrown to this boundary, around the workspace-scoped
 * routes. Any other error passes on to the route's error element.
 */
export class WorkspaceErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey, retrying: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error'), retrying: false };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey, retrying: false };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (!(error instanceof WorkspaceReadError)) return;
    console.warn('Workspace read failed', error.cause, info.componentStack);
  }

  private retry = () => {
    this.setState({ retrying: true });
    void this.props.reread().finally(() => this.setState({ error: null, retrying: false }));
  };

  override render() {
    const { error, retrying } = this.state;
    if (!error) return this.props.children;
    // Not a workspace read: the route's error element deals with it.
    if (!(error instanceof WorkspaceReadError)) throw error;
    return (
      <WorkspaceReadFallback
        failure={error.failure}
        others={this.props.workspaces.filter((ws) => ws.id !== this.props.activeId)}
        onSwitch={this.props.onSwitch}
        onRetry={this.retry}
        retrying={retrying}
      />
    );
  }
}

/** Reads the active workspace before its screens, so a failed read reaches the boundary. */
export function WorkspaceReadGuard({ children }: { children: ReactNode }) {
  useWorkspaceReadGuard();
  return children;
}

/** The screens that show one workspace's data; settings, plans and notifications do not. */
const WORKSPACE_SCOPED_ROOTS = [
  paths.dashboard,
  paths.accounting.root,
  paths.reports.root,
  paths.activityLogs,
  paths.audit,
];

export function isWorkspaceScoped(pathname: string): boolean {
  return WORKSPACE_SCOPED_ROOTS.some(
    (root) => pathname === root || pathname.startsWith(`${root}/`),
  );
}

type ScopeProps = {
  children: ReactNode;
  pathname: string;
  workspaces: readonly Workspace[];
  activeId: string | null;
  onSwitch: (workspace: Workspace) => void;
};

/**
 * The workspace-scoped routes inside the boundary: the active workspace is read there and
 * a failed read replaces the screen with the boundary's explanation. Other routes pass.
 */
export function WorkspaceScope({ children, pathname, workspaces, activeId, onSwitch }: ScopeProps) {
  const reread = useRetryWorkspaceRead();
  if (!isWorkspaceScoped(pathname)) return children;
  return (
    <WorkspaceErrorBoundary
      workspaces={workspaces}
      activeId={activeId}
      onSwitch={onSwitch}
      resetKey={`${activeId ?? ''}|${pathname}`}
      reread={reread}
    >
      <WorkspaceReadGuard>{children}</WorkspaceReadGuard>
    </WorkspaceErrorBoundary>
  );
}
