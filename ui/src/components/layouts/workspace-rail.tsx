import { Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowsExchange, IconPlus } from '@tabler/icons-react';

import { initialOf } from '@/lib/auth';
import type { Service } from '@/lib/storage';
import { WORKSPACE_NAME_FALLBACK, type Workspace } from '@/lib/workspaces';

import classes from './layout.module.css';

type WorkspaceRailProps = {
  workspaces: Workspace[];
  activeId: string | null;
  service: Service;
  onSelect: (workspace: Workspace) => void;
  /** The plus tile: the caller checks workspace:write and the limit, then goes to /workspace. */
  onCreate: () => void;
  onSwitchService: () => void;
};

/** Spec §2: one tile per workspace, a Create Workspace tile and the Switch Service tile. */
export function WorkspaceRail({
  workspaces,
  activeId,
  service,
  onSelect,
  onCreate,
  onSwitchService,
}: WorkspaceRailProps) {
  const otherLabel = service === 'accounting' ? 'Audit' : 'Accounting';
  return (
    <div className={classes.rail} data-testid="workspace-rail">
      {workspaces.map((ws) => {
        const name = ws.name || WORKSPACE_NAME_FALLBACK;
        const active = ws.id === activeId;
        return (
          <Tooltip key={ws.id} label={name} position="right" offset={10}>
            <UnstyledButton
              className={classes.railTile}
              data-active={active || undefined}
              aria-label={`Workspace ${name}`}
              aria-current={active ? 'true' : undefined}
              onClick={() => {
                if (!active) onSelect(ws);
              }}
            >
              {initialOf(name)}
            </UnstyledButton>
          </Tooltip>
        );
      })}
      <Tooltip label="Create Workspace" position="right" offset={10}>
        <UnstyledButton
          className={classes.railTile}
          aria-label="Create Workspace"
          onClick={onCreate}
          data-testid="create-workspace-tile"
        >
          <IconPlus size={16} stroke={2} />
        </UnstyledButton>
      </Tooltip>
      <div className={classes.railSpacer} />
      <Tooltip label={`Switch Service: go to ${otherLabel}`} position="right" offset={10}>
        <UnstyledButton
          className={classes.railTile}
          aria-label="Switch Service"
          onClick={onSwitchService}
        >
          <IconArrowsExchange size={16} stroke={2} />
        </UnstyledButton>
      </Tooltip>
    </div>
  );
}
