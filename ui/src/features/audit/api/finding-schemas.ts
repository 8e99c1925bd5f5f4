/**
 * Shapes of a session's working papers (query-api `audit/findings.rs`): notes and
 * conclusions on findings, shared links, their views. Kept apart from `findings.ts` so
 * `schemas.ts` can use them without an import cycle.
 */
import { z } from 'zod';

export const conclusionSchema = z.enum([
  'no_exception',
  'exception_adjusted',
  'exception_not_material',
  'control_deficiency',
  'needs_follow_up',
]);
export type Conclusion = z.infer<typeof conclusionSchema>;

export const findingTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entry'), entry_id: z.string() }),
  z.object({ kind: z.literal('test'), test: z.string() }),
]);
export type FindingTarget = z.infer<typeof findingTargetSchema>;

export const findingNoteSchema = z.object({
  id: z.string(),
  target: findingTargetSchema,
  kind: z.enum(['note', 'conclusion']),
  conclusion: conclusionSchema.nullable(),
  text: z.string(),
  recorded_at: z.string(),
  // Left out of the public view.
  author_id: z.string().optional(),
  author_name: z.string().optional(),
});
export type FindingNote = z.infer<typeof findingNoteSchema>;

export const shareLinkSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  expired: z.boolean(),
  revoked_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_name: z.string(),
  view_count: z.number(),
  last_viewed_at: z.string().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareViewSchema = z.object({
  id: z.string(),
  share_id: z.string(),
  viewed_at: z.string(),
  client_address: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type ShareView = z.infer<typeof shareViewSchema>;
