import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArchive, IconShare } from '@tabler/icons-react';
import { useState } from 'react';

import { ContentLayout } from '@/components/layouts/content-layout';
import { useWorkspaceId } from '@/lib/active-workspace';
import { useCurrentUser } from '@/lib/auth';
import { effectivePlan, roleInWorkspace } from '@/lib/permissions';
import { useOrganizationPlan } from '@/lib/subscription';

import type { AuditSession } from '../api/schemas';
import { archiveSession, useSession, useSessionResult } from '../api/sessions';
import { ResultSections } from './result-sections';
import { SessionSummary } from './session-summary';
import { canPublishSession } from './publish-logic';
import { ShareDialog } from './share-dialog';
import { ShareAccessLog } from './share-links';
import { WorkpaperButton, useSessionFindings } from './session-workpapers';
import { SignOffPanel } from './sign-off-panel';
import { TimeTravelLink } from './time-travel-link';

/** Whether the signed-in member may publish (and revoke links to) this session. */
function useCanPublish(workspaceId: string | null, session: AuditSession | undefined): boolean {
  const { data: user } = useCurrentUser();
  const { plan, settled } = useOrganizationPlan();
  if (!user || !settled || !session) return false;
  return canPublishSession(
    { role: roleInWorkspace(user.memberships, workspaceId), plan: effectivePlan(plan).id },
    session,
    user.id,
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** `/audit/sessions/:sessionId`: one session's definition, result and sign-offs. */
export function SessionScreen({ sessionId }: { sessionId: string }) {
  const workspaceId = useWorkspaceId();
  const session = useSession(workspaceId, sessionId);
  const result = useSessionResult(workspaceId, sessionId);
  const [sharing, { open, close }] = useDisclosure(false);
  const [archiving, setArchiving] = useState(false);

  const current = session.data;
  const findings = useSessionFindings(workspaceId, sessionId, current);
  // The server shares only after the performer signed; the button says so rather than fail.
  const canShare = Boolean(current?.performer.signed_on) && current?.status !== 'archived';
  // Publishing is refused by the server to Viewers and to Editors on others' sessions.
  const canPublish = useCanPublish(workspaceId, current);
  const archive = async () => {
    if (!workspaceId) return;
    setArchiving(true);
    try {
      await archiveSession(workspaceId, sessionId);
    } catch {
      // The API client has already told the user why the session stays as it was.
    } finally {
      setArchiving(false);
    }
  };

  const actions = current && workspaceId && (
    <Group gap="xs">
      <TimeTravelLink session={current} />
      <WorkpaperButton workspaceId={workspaceId} sessionId={sessionId} />
      <Button
        variant="default"
        leftSection={<IconArchive size={16} />}
        onClick={() => void archive()}
        loading={archiving}
        disabled={current.status !== 'signed_off'}
        title={current.status === 'signed_off' ? undefined : 'Archive after both sign-offs'}
      >
        Archive
      </Button>
      {canPublish && (
        <Button
          leftSection={<IconShare size={16} />}
          onClick={open}
          disabled={!canShare}
          title={canShare ? undefined : 'Share after the performer has signed off'}
        >
          Share
        </Button>
      )}
    </Group>
  );

  return (
    <ContentLayout
      title={current?.name ?? 'Audit session'}
      caption="Audit session"
      back
      actions={actions}
    >
      <Stack gap="md">
        {session.error ? (
          <Alert color="red" variant="light" title="The session could not be loaded">
            {errorText(session.error)}
          </Alert>
        ) : current ? (
          <SessionSummary session={current} population={result.data?.population} />
        ) : (
          <Skeleton h={120} radius="md" />
        )}
        {result.error ? (
          <Alert color="red" variant="light" title="The result could not be computed">
            {errorText(result.error)}
          </Alert>
        ) : result.data ? (
          <ResultSections
            result={result.data}
            workspaceId={workspaceId}
            conclusions={findings.conclusions}
            entryNotes={findings.entryNotes}
            testNotes={findings.testNotes}
          />
        ) : (
          <Skeleton h={320} radius="md" />
        )}
        {current && <SignOffPanel session={current} workspaceId={workspaceId} />}
        {workspaceId && <ShareAccessLog workspaceId={workspaceId} sessionId={sessionId} />}
      </Stack>
      {workspaceId && canPublish && (
        <ShareDialog
          workspaceId={workspaceId}
          sessionId={sessionId}
          opened={sharing}
          onClose={close}
        />
      )}
    </ContentLayout>
  );
}
