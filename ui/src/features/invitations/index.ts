/** What other features use of invitations: the pending list and an organization's invitations. */
export { PendingInvitations } from './components/pending-invitations';
export {
  cancelInvitation,
  invitationSchema,
  resendInvitation,
  type Invitation,
} from './api/pending-invitations';
export { INVITATION_STATUS } from './api/invitation-token';
export { organizationInvitationsPath } from './api/create-invitation';
export { ReceivedInvitations } from './components/received-invitations';
