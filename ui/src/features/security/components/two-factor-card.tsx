import { Badge, Button, Group, Loader, Modal, Text } from '@mantine/core';
import { useState } from 'react';

import { notify } from '@/lib/notify';

import { useTwoFactorStatus } from '../api/two-factor';

import { SecurityCard } from './security-card';
import { TwoFactorDisableForm } from './two-factor-disable';
import { TwoFactorSetupFlow } from './two-factor-setup';

/** Two-factor authentication on or off, with the dialogs that change it. */
export function TwoFactorCard() {
  const { data: status, isLoading, mutate } = useTwoFactorStatus();
  const [dialog, setDialog] = useState<'setup' | 'disable' | null>(null);
  const enabled = status?.is_two_fa_enabled === true;

  const closeSetup = () => {
    setDialog(null);
    void mutate();
  };

  return (
    <SecurityCard
      title="Two-factor authentication"
      description="Sign-in asks for a code from an authenticator app on your phone as well as your password."
      testId="two-factor-card"
    >
      <Group justify="space-between">
        {isLoading || !status ? (
          <Loader size="sm" aria-label="Loading two-factor status" />
        ) : (
          <Group gap="xs">
            <Badge color={enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-state">
              {enabled ? 'On' : 'Off'}
            </Badge>
            <Text size="sm" c="dimmed">
              {enabled
                ? 'Sign-in asks for a code from your authenticator app, or a recovery code.'
                : 'Anyone with your password can sign in.'}
            </Text>
          </Group>
        )}
        {status &&
          (enabled ? (
            <Button variant="default" color="red" onClick={() => setDialog('disable')}>
              Turn off
            </Button>
          ) : (
            <Button onClick={() => setDialog('setup')} data-testid="two-factor-turn-on">
              Turn on
            </Button>
          ))}
      </Group>
      <Modal
        opened={dialog === 'setup'}
        onClose={closeSetup}
        title="Turn on two-factor authentication"
        closeOnClickOutside={false}
        size="md"
      >
        {dialog === 'setup' && <TwoFactorSetupFlow onClose={closeSetup} />}
      </Modal>
      <Modal
        opened={dialog === 'disable'}
        onClose={() => setDialog(null)}
        title="Turn off two-factor authentication"
        size="md"
      >
        {dialog === 'disable' && (
          <TwoFactorDisableForm
            onClose={(disabled) => {
              setDialog(null);
              if (disabled) notify.success('Two-factor authentication is off.');
            }}
          />
        )}
      </Modal>
    </SecurityCard>
  );
}
