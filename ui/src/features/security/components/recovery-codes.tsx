import { Alert, Button, Checkbox, CopyButton, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload, IconKey } from '@tabler/icons-react';
import { useState } from 'react';

import { downloadText } from '@/components/data-grid/csv';

/** The file the codes download as: plain text, one code a line, with what they are for. */
export function recoveryCodesText(codes: readonly string[]): string {
  return [
    'Ledgerline two-factor recovery codes',
    'Each code signs you in once, in place of a code from your authenticator app.',
    'Keep them somewhere safe, away from your phone.',
    '',
    ...codes,
    '',
  ].join('\n');
}

type RecoveryCodesProps = {
  codes: readonly string[];
  /** Closes the step; enabled once the user says the codes are saved. */
  onDone: () => void;
};

/**
 * The recovery codes, shown this once (the server keeps only their hashes): copy or
 * download them, and confirm they are saved before the dialog can close.
 */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const [saved, setSaved] = useState(false);
  const text = recoveryCodesText(codes);
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconKey size={18} />} title="Save your recovery codes">
        If you lose your phone, each of these codes signs you in once. They are shown only now.
      </Alert>
      <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
        {codes.map((code) => (
          <Text key={code} ff="monospace" size="sm" ta="center" data-testid="recovery-code">
            {code}
          </Text>
        ))}
      </SimpleGrid>
      <Group grow>
        <CopyButton value={text}>
          {({ copied, copy }) => (
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadText('ledgerline-recovery-codes.txt', text, 'text/plain')}
        >
          Download
        </Button>
      </Group>
      <Checkbox
        label="I have saved these codes somewhere safe"
        checked={saved}
        onChange={(event) => setSaved(event.currentTarget.checked)}
        data-testid="recovery-codes-saved"
      />
      <Button onClick={onDone} disabled={!saved} data-testid="recovery-codes-done">
        Done
      </Button>
    </Stack>
  );
}
