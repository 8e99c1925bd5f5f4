import {
  Box,
  Button,
  Group,
  Loader,
  NavLink,
  Pagination,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { ask, startConversation, useConversation, useConversations } from '../api/conversations';
import type { Answer, DraftEntry } from '../api/conversations';

import { AnswerView } from './answer-view';

/** The server's bound on a question (QUESTION_CHARS_MAX). */
const QUESTION_CHARS_MAX = 1000;

type AssistantPanelProps = {
  workspaceId: string;
  canDraft: boolean;
  /** The open conversation, kept by the caller so it survives closing the drawer. */
  conversationId: string | null;
  onConversationChange: (id: string | null) => void;
  onOpenLink: (to: string) => void;
  onOpenDraft: (draft: DraftEntry) => void;
};

/** A question being asked; `before` is the thread's length when it was asked. */
type Pending = { question: string; answer: Answer | null; before: number };

/** The caller's conversations, one thread, and the question box. */
export function AssistantPanel({
  workspaceId,
  canDraft,
  conversationId,
  onConversationChange,
  onOpenLink,
  onOpenDraft,
}: AssistantPanelProps) {
  const [page, setPage] = useState(1);
  const list = useConversations(workspaceId, page);
  const thread = useConversation(workspaceId, conversationId);
  const [text, setText] = useState('');
  // The question being asked (and its answer until the thread is read again).
  const [pending, setPending] = useState<Pending | null>(null);
  const sending = pending !== null && pending.answer === null;
  const bottom = useRef<HTMLDivElement>(null);

  // The open conversation could not be read (deleted, or another user's session in this
  // tab): close it rather than show a thread that is not there.
  useEffect(() => {
    if (thread.error) onConversationChange(null);
  }, [thread.error, onConversationChange]);

  const messages = thread.data?.thread ?? [];
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, pending]);

  const send = async (question: string) => {
    const trimmed = question.trim();
    if (!trimmed || sending) return;
    const before = conversationId ? messages.length : 0;
    setPending({ question: trimmed, answer: null, before });
    try {
      let id = conversationId;
      if (!id) {
        id = (await startConversation(workspaceId)).id;
        onConversationChange(id);
      }
      const answer = await ask(workspaceId, id, trimmed);
      setPending({ question: trimmed, answer, before });
      setText('');
      await Promise.all([thread.mutate(), list.mutate()]);
      setPending(null);
    } catch {
      // The API client has shown the refusal; the question stays in the box to retry.
      setPending(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(text);
  };

  // Shown until the thread read back holds it, so it is never shown twice.
  const shownPending = pending && messages.length <= pending.before ? pending : null;
  const conversations = list.data?.data ?? [];

  return (
    <Group align="stretch" gap={0} wrap="nowrap" h="100%" data-testid="assistant-panel">
      <Stack
        w={220}
        gap="xs"
        p="sm"
        style={{ borderRight: '1px solid var(--ll-border)', flexShrink: 0 }}
        aria-label="Conversations"
        component="nav"
      >
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => onConversationChange(null)}
        >
          New conversation
        </Button>
        <ScrollArea style={{ flex: 1 }}>
          {list.isLoading && <Loader size="xs" type="dots" />}
          {!list.isLoading && conversations.length === 0 && (
            <Text size="xs" c="dimmed">
              Your questions are kept here, for you alone.
            </Text>
          )}
          {conversations.map((conversation) => (
            <NavLink
              key={conversation.id}
              label={conversation.title}
              active={conversation.id === conversationId}
              onClick={() => onConversationChange(conversation.id)}
              styles={{ label: { fontSize: 13 } }}
            />
          ))}
        </ScrollArea>
        {(list.data?.total_pages ?? 0) > 1 && (
          <Pagination
            size="xs"
            total={list.data?.total_pages ?? 1}
            value={page}
            onChange={setPage}
            siblings={0}
          />
        )}
      </Stack>
      <Stack gap="sm" p="sm" style={{ flex: 1, minWidth: 0 }}>
        <ScrollArea style={{ flex: 1 }} aria-label="Conversation" role="log">
          <Stack gap="md">
            {!conversationId && !pending && (
              <Text size="sm" c="dimmed">
                Ask about the books: “What is the balance of cash?”, “Revenue this quarter vs last”,
                “Top 5 expenses YTD”, “Explain JE-0004”
                {canDraft
                  ? ', “Draft an entry: paid rent 200,000 from the bank on 1 December”'
                  : ''}
                . Every figure comes from the books, with a link to where it was read.
              </Text>
            )}
            {thread.isLoading && <Loader size="xs" type="dots" />}
            {messages.map((message) => (
              <Exchange
                key={message.log_position}
                question={message.question}
                answer={message.answer}
                canDraft={canDraft}
                onChoose={sending ? null : (q) => void send(q)}
                onOpenLink={onOpenLink}
                onOpenDraft={onOpenDraft}
              />
            ))}
            {shownPending && (
              <Exchange
                question={shownPending.question}
                answer={shownPending.answer}
                canDraft={canDraft}
                onChoose={null}
                onOpenLink={onOpenLink}
                onOpenDraft={onOpenDraft}
              />
            )}
            <div ref={bottom} />
          </Stack>
        </ScrollArea>
        <form onSubmit={submit} aria-label="Ask the assistant">
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              aria-label="Question"
              placeholder="Ask about the books…"
              autosize
              minRows={1}
              maxRows={4}
              maxLength={QUESTION_CHARS_MAX}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void send(text);
                }
              }}
            />
            <Button type="submit" loading={sending} leftSection={<IconSend size={14} />}>
              Ask
            </Button>
          </Group>
        </form>
      </Stack>
    </Group>
  );
}

type ExchangeProps = {
  question: string;
  answer: Answer | null;
  canDraft: boolean;
  onChoose: ((question: string) => void) | null;
  onOpenLink: (to: string) => void;
  onOpenDraft: (draft: DraftEntry) => void;
};

function Exchange({ question, answer, ...rest }: ExchangeProps) {
  return (
    <Stack gap={6}>
      <Box style={{ alignSelf: 'flex-end', maxWidth: '85%' }}>
        <Paper px="sm" py={6} radius="md" bg="var(--mantine-color-blue-0)">
          <Text size="sm">{question}</Text>
        </Paper>
      </Box>
      {answer ? <AnswerView answer={answer} {...rest} /> : <Loader size="xs" type="dots" />}
    </Stack>
  );
}
