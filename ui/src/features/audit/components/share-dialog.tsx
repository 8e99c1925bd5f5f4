import {
  Alert,
  Button,
  CopyButton,
  Divider,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';

import { formErrorsOf } from '@/lib/field-errors';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date-time';

import { refreshShareLinks } from '../api/findings';
import type { AuditShare } from '../api/schemas';
import { SHARE_DAYS_DEFAULT, SHARE_DAYS_MAX, createShare, revokeShare } from '../api/shares';
import { ShareLinksList } from './share-links';

/** The link to hand out: this UI's public page for the token, whatever host serves it. */
function shareUrl(share: AuditShare): string {
  return `${window.location.origin}${paths.auditShared.session(share.token)}`;
}

type ShareDialogProps = {
  workspaceId: string;
  sessionId: string;
  opened: boolean;
  onClose: () => void;
};

/**
 * Creates a read-only link. The token is shown once: the server keeps only its hash, so
 * the dialog offers to copy it now and to revoke it while it is still at hand.
 */
export function ShareDialog({ workspaceId, sessionId, opened, onClose }: ShareDialogProps) {
  const [days, setDays] = useState<number>(SHARE_DAYS_DEFAULT);
  const [share, setShare] = useState<AuditShare | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revoked, setRevoked] = useState(false);

  const close = () => {
    setShare(null);
    setError(null);
    setRevoked(false);
    onClose();
  };

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      setShare(await createShare(workspaceId, sessionId, days));
      await refreshShareLinks(workspaceId, sessionId);
    } catch (caught) {
      const found = formErrorsOf(caught);
      setError(found ? (found.fields['expires_in_days'] ?? found.general.join(' ')) || null : null);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async () => {
    if (!share) return;
    setBusy(true);
    try {
      await revokeShare(workspaceId, sessionId, share.share_id);
      setRevoked(true);
      await refreshShareLinks(workspaceId, sessionId);
    } catch {
      // The API client has already told the user; the link stays as it was.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Share read-only link" centered size="lg">
      {share ? (
        <Stack gap="sm">
          {revoked ? (
            <Alert color="gray" variant="light">
              The link is revoked; it now answers "not available".
            </Alert>
          ) : (
            <Alert color="yellow" variant="light">
              Copy the link now: it is shown only once. Anyone with it can read this session's
              result until {formatDateTime(share.expires_at)}.
            </Alert>
          )}
          <TextInput
            readOnly
            value={shareUrl(share)}
            data-testid="audit-share-url"
            rightSectionWidth={72}
            rightSection={
              <CopyButton value={shareUrl(share)}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            }
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              onClick={() => void revoke()}
              loading={busy}
              disabled={revoked}
            >
              Revoke link
            </Button>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The link opens the session's result without signing in: entity, period, tests, flagged
            entries and sign-offs — nothing else of the workspace.
          </Text>
          <NumberInput
            label="Expires after (days)"
            min={1}
            max={SHARE_DAYS_MAX}
            value={days}
            onChange={(value) => setDays(typeof value === 'number' ? value : SHARE_DAYS_DEFAULT)}
            error={error}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void create()} loading={busy}>
              Create link
            </Button>
          </Group>
          <Divider label="Links of this session" labelPosition="left" />
          <ShareLinksList workspaceId={workspaceId} sessionId={sessionId} />
        </Stack>
      )}
    </Modal>
  );
}
