import { ActionIcon, Drawer, Text, Tooltip } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { newEntryWith } from '@/features/accounting';

import type { DraftEntry } from '../api/conversations';
import { useOpenConversation } from '../lib/open-conversation';
import { useAssistantAccess } from '../lib/use-assistant-access';

import { AssistantPanel } from './assistant-panel';

/**
 * The header's assistant button and its drawer, on every accounting and audit screen.
 * Shown only to whoever may ask (full or limited access); drafts only with full access.
 */
export function AssistantButton() {
  const { canAsk, canDraft, workspaceId } = useAssistantAccess();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [conversationId, setConversationId] = useOpenConversation(workspaceId);
  if (!canAsk || !workspaceId) return null;

  const openLink = (to: string) => {
    setOpened(false);
    void navigate(to);
  };
  const openDraft = (draft: DraftEntry) => {
    setOpened(false);
    const { to, state } = newEntryWith({
      date: draft.date,
      memo: draft.memo,
      lines: draft.lines.map((line) => ({
        account_id: line.account_id,
        debit: line.debit,
        credit: line.credit,
      })),
    });
    void navigate(to, { state });
  };

  return (
    <>
      {/* Not on a phone's header, where one more button squeezes the page title out. */}
      <Tooltip label="Assistant">
        <ActionIcon
          visibleFrom="xs"
          variant="subtle"
          color="gray"
          size={36}
          radius="xl"
          aria-label="Assistant"
          data-testid="assistant-button"
          onClick={() => setOpened(true)}
        >
          <IconMessageChatbot size={20} stroke={1.7} />
        </ActionIcon>
      </Tooltip>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        size={760}
        title={
          <Text component="span" fw={600} size="lg">
            Assistant
          </Text>
        }
        styles={{ body: { height: 'calc(100% - 60px)', padding: 0 } }}
      >
        <AssistantPanel
          key={workspaceId}
          workspaceId={workspaceId}
          canDraft={canDraft}
          conversationId={conversationId}
          onConversationChange={setConversationId}
          onOpenLink={openLink}
          onOpenDraft={openDraft}
        />
      </Drawer>
    </>
  );
}
