import { Badge, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';

import { BareLayout } from '@/components/layouts/bare-layout';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import {
  acceptInvitation,
  createAccountAndAccept,
  invitationClosedReason,
  rejectInvitation,
  verifyInvitation,
  type InvitationDetails,
  type NewAccountInput,
} from '@/features/invitations/api/invitation-token';
import { AcceptInvitationForm } from '@/features/invitations/components/accept-invitation-form';
import { storage } from '@/lib/storage';
import { resetCache } from '@/lib/swr';

export const INVALID_INVITATION_TEXT = 'This invitation link is not valid.';
export const DECLINED_TEXT = 'You declined the invitation.';

function Card({ children }: { children: React.ReactNode }) {
  return (
    <BareLayout width={480}>
      <Paper withBorder radius="lg" p={32} shadow="xs">
        {children}
      </Paper>
    </BareLayout>
  );
}

function Heading({ details }: { details: InvitationDetails | null }) {
  return (
    <Stack align="center" ta="center" gap="xs">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconMailOpened size={24} />
      </ThemeIcon>
      <Title order={1} fz={22} fw={600}>
        You&apos;ve been invited
      </Title>
      {details && (
        <>
          <Text size="sm" c="dimmed" data-testid="invitation-summary">
            {details.invited_by ? `${details.invited_by} invited you to join ` : 'Join '}
            <Text span fw={600} c="var(--mantine-color-text)">
              {details.organization_name}
            </Text>{' '}
            as{' '}
            <Text span fw={600} c="var(--mantine-color-text)">
              {details.role_display}
            </Text>
            .
          </Text>
          {details.workspaces.length > 0 && (
            <Group gap={6} justify="center" aria-label="Workspaces">
              {details.workspaces.map((workspace) => (
                <Badge key={workspace.id} variant="light" radius="sm" tt="none">
                  {workspace.name}
                </Badge>
              ))}
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}

/**
 * `/invite-user?token=`: where an invitation link lands (public). Verifies the token and
 * shows the organization, role and workspaces; a signed-in user accepts or declines, a
 * known address signs in first, anyone else creates an account and joins in one step.
 * Joining lands on /dashboard in accounting (spec §2: invited users).
 */
export default function InviteUserRoute() {
  useDocumentTitle('Invitation · Ledgerline');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [signedIn, setSignedIn] = useState(() => storage.getToken() !== null);
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);
  const [declined, setDeclined] = useState(false);
  const {
    data: details,
    error,
    isLoading,
  } = useSWR(token ? ['invitation-verify', token] : null, () => verifyInvitation(token), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    shouldRetryOnError: false,
  });

  if (!token || error) {
    return (
      <Card>
        <Stack align="center" ta="center" gap="sm">
          <Heading details={null} />
          <Text size="sm" c="dimmed">
            {INVALID_INVITATION_TEXT} Ask the person who invited you for a new one.
          </Text>
        </Stack>
      </Card>
    );
  }
  if (isLoading || !details) {
    return (
      <Card>
        <Stack align="center" gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Checking your invitation…
          </Text>
        </Stack>
      </Card>
    );
  }

  const closed = declined ? DECLINED_TEXT : invitationClosedReason(details.status);
  if (closed) {
    return (
      <Card>
        <Stack gap="md">
          <Heading details={details} />
          <Text size="sm" ta="center" data-testid="invitation-closed">
            {closed}
          </Text>
        </Stack>
      </Card>
    );
  }

  const join = async () => {
    storage.setPreferredService('accounting');
    const first = details.workspaces[0];
    if (first) storage.setWorkspaceId(first.id);
    storage.setActiveOrgId(details.organization_id);
    storage.setActiveRole(details.role);
    await resetCache();
    void navigate(paths.dashboard, { replace: true });
  };

  const accept = async () => {
    setBusy('accept');
    try {
      await acceptInvitation(token);
      await join();
    } catch {
      // The API client has already shown what went wrong.
    } finally {
      setBusy(null);
    }
  };

  const decline = async () => {
    setBusy('decline');
    try {
      await rejectInvitation(token);
      setDeclined(true);
    } catch {
      // The API client has already shown what went wrong.
    } finally {
      setBusy(null);
    }
  };

  const createAndJoin = async (input: NewAccountInput) => {
    await createAccountAndAccept(token, input);
    await join();
  };

  let body: React.ReactNode;
  if (signedIn) {
    body = (
      <Stack gap="sm">
        <Button
          fullWidth
          loading={busy === 'accept'}
          disabled={busy !== null}
          onClick={() => void accept()}
        >
          Accept invitation
        </Button>
        <Button
          variant="subtle"
          color="gray"
          loading={busy === 'decline'}
          disabled={busy !== null}
          onClick={() => void decline()}
        >
          Decline
        </Button>
      </Stack>
    );
  } else if (details.account_exists) {
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" ta="center">
          Sign in as {details.email} to accept the invitation.
        </Text>
        <LoginForm
          onSuccess={() => {
            setSignedIn(true);
            void accept();
          }}
        />
      </Stack>
    );
  } else {
    body = (
      <AcceptInvitationForm
        invitedEmail={details.email ?? null}
        onSubmit={createAndJoin}
        onDecline={() => void decline()}
        declining={busy === 'decline'}
      />
    );
  }

  return (
    <Card>
      <Stack gap="lg">
        <Heading details={details} />
        {body}
      </Stack>
    </Card>
  );
}
