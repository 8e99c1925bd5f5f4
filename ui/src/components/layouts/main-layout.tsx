import type { ReactNode } from 'react';

import type { Service } from '@/lib/storage';
import type { Workspace } from '@/lib/workspaces';

import classes from './layout.module.css';
import { SideNav } from './side-nav';
import { WorkspaceRail } from './workspace-rail';

/** Spec §2 sidebar widths: 315 px with the workspace rail (55 px), 260 px without. */
export const SIDEBAR_WIDTH_WITH_RAIL_PX = 315;
export const SIDEBAR_WIDTH_PX = 260;
export const RAIL_WIDTH_PX = SIDEBAR_WIDTH_WITH_RAIL_PX - SIDEBAR_WIDTH_PX;

type MainLayoutProps = {
  workspaces: Workspace[];
  active: Workspace | null;
  organizationName?: string;
  onSelectWorkspace: (workspace: Workspace) => void;
  onSwitchService: () => void;
  /** The rail's plus tile: checks the permission, then starts creation (spec §2, §6). */
  onCreateWorkspace?: () => void;
  /**
   * The workspace list has loaded (successfully). With none, the panel's place offers
   * creating the first one, since there is no rail and so no plus tile.
   */
  workspacesLoaded?: boolean;
  /** The panel's Invite people to workspace. */
  onInvitePeople?: () => void;
  /** The side user menu's My Profile. */
  onOpenProfile?: () => void;
  children: ReactNode;
};

/** The main layout: workspace rail (when the user has workspaces), side navigation, page. */
export function MainLayout({
  workspaces,
  active,
  organizationName,
  onSelectWorkspace,
  onSwitchService,
  onCreateWorkspace = () => undefined,
  workspacesLoaded = false,
  onInvitePeople,
  onOpenProfile,
  children,
}: MainLayoutProps) {
  const withRail = workspaces.length > 0;
  const service: Service = 'accounting';
  return (
    <div className={classes.shell}>
      <aside
        className={classes.aside}
        style={{ width: withRail ? SIDEBAR_WIDTH_WITH_RAIL_PX : SIDEBAR_WIDTH_PX }}
        data-testid="sidebar"
      >
        {withRail && (
          <WorkspaceRail
            workspaces={workspaces}
            activeId={active?.id ?? null}
            service={service}
            onSelect={onSelectWorkspace}
            onCreate={onCreateWorkspace}
            onSwitchService={onSwitchService}
          />
        )}
        <SideNav
          workspace={active}
          organizationName={organizationName}
          service={service}
          onSwitchService={onSwitchService}
          onInvite={onInvitePeople}
          onOpenProfile={onOpenProfile}
          onCreateFirstWorkspace={workspacesLoaded && !withRail ? onCreateWorkspace : undefined}
        />
      </aside>
      <main className={classes.main}>{children}</main>
    </div>
  );
}
