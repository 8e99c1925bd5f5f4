import { Button, Group, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useState } from 'react';

import { formErrorsOf } from '@/lib/field-errors';
import { formatDateText } from '@/lib/format-date-time';
import { notify } from '@/lib/notify';

import type { AuditSession, SignOff } from '../api/schemas';
import { signOff, type SignOffRole } from '../api/sessions';
import { SectionCard } from './section-card';

/** The server's limit on a conclusion (command-api `sign_off`). */
const CONCLUSION_MAX = 2000;

const ROLE_LABEL: Record<SignOffRole, string> = { performer: 'Performer', reviewer: 'Reviewer' };

function SignedRow({ role, signed }: { role: SignOffRole; signed: SignOff }) {
  const done = Boolean(signed.signed_on);
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid={`audit-signoff-${role}`}>
      <ThemeIcon variant="light" color={done ? 'teal' : 'gray'} size="sm" radius="xl">
        {done ? <IconCircleCheck size={14} /> : <IconCircleDashed size={14} />}
      </ThemeIcon>
      <Stack gap={0}>
        <Text size="sm" fw={600}>
          {ROLE_LABEL[role]}{' '}
          {done ? `· signed ${formatDateText(signed.signed_on)}` : '· not signed'}
        </Text>
        {signed.conclusion && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {signed.conclusion}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The role whose signature is due: the performer first, then another user as reviewer. */
function roleDue(session: AuditSession): SignOffRole | null {
  if (session.status === 'archived') return null;
  if (!session.performer.signed_on) return 'performer';
  if (!session.reviewer.signed_on) return 'reviewer';
  return null;
}

function SignOffForm({
  workspaceId,
  sessionId,
  role,
}: {
  workspaceId: string;
  sessionId: string;
  role: SignOffRole;
}) {
  const [conclusion, setConclusion] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!conclusion.trim()) {
      setError('Write the conclusion you sign.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signOff(workspaceId, sessionId, role, conclusion.trim());
      notify.success(`Signed off as ${ROLE_LABEL[role].toLowerCase()}`);
    } catch (caught) {
      const found = formErrorsOf(caught);
      setError(found ? (found.fields['conclusion'] ?? found.general.join(' ') ?? null) : null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs">
      <Textarea
        label={`${ROLE_LABEL[role]} conclusion`}
        placeholder="Procedures performed, exceptions followed up, overall conclusion…"
        autosize
        minRows={3}
        maxLength={CONCLUSION_MAX}
        value={conclusion}
        onChange={(event) => setConclusion(event.currentTarget.value)}
        error={error}
      />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={busy}>
          Sign off as {ROLE_LABEL[role].toLowerCase()}
        </Button>
      </Group>
    </Stack>
  );
}

type SignOffPanelProps = {
  session: AuditSession;
  /** Absent on the public view, which only shows the signatures. */
  workspaceId?: string | null;
};

export function SignOffPanel({ session, workspaceId }: SignOffPanelProps) {
  const due = workspaceId ? roleDue(session) : null;
  return (
    <SectionCard
      title="Sign-off"
      caption="The performer signs first; a different user then signs as reviewer."
      testId="audit-signoff"
    >
      <Stack gap="sm">
        <SignedRow role="performer" signed={session.performer} />
        <SignedRow role="reviewer" signed={session.reviewer} />
        {due && workspaceId && (
          <SignOffForm key={due} workspaceId={workspaceId} sessionId={session.id} role={due} />
        )}
      </Stack>
    </SectionCard>
  );
}
