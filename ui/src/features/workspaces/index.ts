/**
 * Workspaces: creation, the workspace profile of Settings and its members. Other
 * features use the organization lookup and the member calls from here.
 */
export { WorkspaceMembers, ROLE_OPTIONS, roleLabel } from './components/workspace-members';
export { WorkspaceProfile } from './components/workspace-profile';
export { organizationPath, useOrganization } from './api/get-organization';
export {
  changeMemberRole,
  removeFromWorkspace,
  useOrganizationMembers,
  type Member,
} from './api/memberships';
