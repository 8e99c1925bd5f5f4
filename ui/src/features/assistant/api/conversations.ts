/** The assistant's routes: the caller's own conversations, one thread, and asking. */
import useSWR from 'swr';
import { z } from 'zod';

import { api, dataEnvelope, paginatedEnvelope } from '@/lib/api-client';

const figureSchema = z.object({
  label: z.string(),
  amount: z.string(),
  // null for a count or a score: not money.
  currency: z.string().nullable(),
  as_of: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type Figure = z.infer<typeof figureSchema>;

const sourceSchema = z.object({
  kind: z.string(),
  ref: z.string(),
  params: z.record(z.string(), z.string()),
  log_position: z.number(),
  path: z.string(),
});
export type Source = z.infer<typeof sourceSchema>;

const draftEntrySchema = z.object({
  date: z.string(),
  memo: z.string(),
  lines: z.array(
    z.object({
      account_id: z.string(),
      account_code: z.string(),
      account_name: z.string(),
      debit: z.string(),
      credit: z.string(),
    }),
  ),
});
export type DraftEntry = z.infer<typeof draftEntrySchema>;

export const answerSchema = z.object({
  text: z.string(),
  figures: z.array(figureSchema),
  sources: z.array(sourceSchema),
  clarify: z.array(z.object({ label: z.string(), question: z.string() })),
  draft_entry: draftEntrySchema.nullable(),
  engine: z.string(),
});
export type Answer = z.infer<typeof answerSchema>;

const conversationSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  title: z.string(),
  messages: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

const messageSchema = z.object({
  question: z.string(),
  answer: answerSchema,
  asked_at: z.string(),
  log_position: z.number(),
});
export type Message = z.infer<typeof messageSchema>;

const detailSchema = conversationSchema.extend({ thread: z.array(messageSchema) });

export const CONVERSATIONS_PAGE_SIZE = 20;
const LIST = '/assistant/workspaces/{workspace_id}/conversations/' as const;
const ONE = '/assistant/workspaces/{workspace_id}/conversations/{id}/' as const;

/** One page of the caller's conversations, most recently used first. */
export function useConversations(workspaceId: string | null, page: number) {
  return useSWR(workspaceId ? [LIST, workspaceId, page] : null, () =>
    api.get(LIST, paginatedEnvelope(conversationSchema), {
      params: { workspace_id: workspaceId ?? '' },
      query: { page, page_size: CONVERSATIONS_PAGE_SIZE },
    }),
  );
}

/** One conversation with its questions and answers, oldest first. */
export function useConversation(workspaceId: string | null, id: string | null) {
  return useSWR(workspaceId && id ? [ONE, workspaceId, id] : null, async () => {
    const { data } = await api.get(ONE, dataEnvelope(detailSchema), {
      params: { workspace_id: workspaceId ?? '', id: id ?? '' },
      // A conversation deleted or no longer reachable is simply closed (see the panel).
      handleErrors: false,
    });
    return data;
  });
}

export async function startConversation(workspaceId: string): Promise<Conversation> {
  const { data } = await api.post(LIST, dataEnvelope(conversationSchema), {
    params: { workspace_id: workspaceId },
  });
  return data;
}

export async function ask(workspaceId: string, id: string, text: string): Promise<Answer> {
  const { data } = await api.post(
    '/assistant/workspaces/{workspace_id}/conversations/{id}/messages/',
    dataEnvelope(answerSchema),
    { params: { workspace_id: workspaceId, id }, body: { text } },
  );
  return data;
}
