import { Modal, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCalculator, IconShieldCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { serviceHome } from '@/config/paths';
import { useCurrentUser } from '@/lib/auth';
import { storage, type Service } from '@/lib/storage';
import { WELCOME_DELAY_MS, shouldOfferWelcome } from '@/lib/welcome';

const CHOICES: { service: Service; title: string; text: string; icon: typeof IconCalculator }[] = [
  {
    service: 'accounting',
    title: 'Accounting',
    text: 'Keep the books: journal entries, ledgers, payroll and financial reports.',
    icon: IconCalculator,
  },
  {
    service: 'audit',
    title: 'Audit',
    text: 'Review a workspace: replay its history, test its entries, share findings.',
    icon: IconShieldCheck,
  },
];

/** Spec §2: new users choose between accounting and audit once, 1 s after load. */
export function WelcomeDialog() {
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const offer = user
    ? shouldOfferWelcome({
        dateJoined: user.date_joined,
        nowMs: Date.now(),
        alreadyShown: storage.getWelcomeShown(),
      })
    : false;

  useEffect(() => {
    if (!offer) return;
    const timer = window.setTimeout(() => setOpened(true), WELCOME_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [offer]);

  const close = () => {
    storage.setWelcomeShown(true);
    setOpened(false);
  };

  const choose = (service: Service) => {
    storage.setPreferredService(service);
    close();
    void navigate(serviceHome[service]);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Welcome${user?.first_name ? `, ${user.first_name}` : ''}`}
      centered
      size="lg"
    >
      <Text size="sm" c="dimmed" mb="lg">
        Where would you like to start? You can switch service at any time.
      </Text>
      <SimpleGrid cols={2} spacing="md">
        {CHOICES.map(({ service, title, text, icon: ChoiceIcon }) => (
          <UnstyledButton
            key={service}
            onClick={() => choose(service)}
            p="lg"
            style={{ border: '1px solid var(--ll-border)', borderRadius: 12 }}
          >
            <Stack gap="xs">
              <ThemeIcon variant="light" radius="md" size={40}>
                <ChoiceIcon size={22} />
              </ThemeIcon>
              <Text fw={600}>{title}</Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Stack>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
