/**
 * The audit API's response shapes (query-api `audit/mod.rs`, the `audit` crate's report
 * types). Enums the server may grow (test kinds, families) stay plain strings so a new
 * control point shows up under its raw name instead of failing the whole screen.
 */
import { z } from 'zod';

import { findingNoteSchema } from './finding-schemas';

import { attachedDocumentSchema } from '@/features/documents';

export const sessionStatusSchema = z.enum(['open', 'in_review', 'signed_off', 'archived']);
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

const signOffSchema = z.object({
  user_id: z.string().nullish(),
  signed_on: z.string().nullish(),
  /** When the log recorded the sign-off (one session's page only). */
  signed_at: z.string().nullish(),
  conclusion: z.string().nullish(),
});

/** The calendar the timing tests read: holidays, business hours and their time zone. */
export const calendarSchema = z.object({
  holidays: z.array(z.string()),
  business_hours: z.object({ start: z.string(), end: z.string() }),
  utc_offset_seconds: z.number(),
  /** By name (`Africa/Lagos`); `UTC+01:00` for a session opened with an offset only. */
  time_zone: z.string().nullish(),
});
export type AuditCalendar = z.infer<typeof calendarSchema>;
export type SignOff = z.infer<typeof signOffSchema>;

export const cutoffSchema = z.object({
  chain_seq: z.number(),
  head_hash: z.string(),
  position: z.number(),
});
export type Cutoff = z.infer<typeof cutoffSchema>;

export const sessionSchema = z.object({
  id: z.string(),
  workspace_id: z.string().optional(),
  name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  materiality: z.string(),
  performance_materiality: z.string(),
  status: sessionStatusSchema,
  cutoff: cutoffSchema,
  // The public view leaves out who opened the session.
  opened_by: z.string().optional(),
  opened_at: z.string(),
  performer: signOffSchema,
  reviewer: signOffSchema,
  calendar: calendarSchema.nullish(),
});
export type AuditSession = z.infer<typeof sessionSchema>;

const digitRowSchema = z.object({
  digits: z.string(),
  expected: z.number(),
  observed: z.number(),
  count: z.number(),
  z: z.number(),
  significant: z.boolean(),
});
export type DigitRow = z.infer<typeof digitRowSchema>;

export const conformitySchema = z.enum(['close', 'acceptable', 'marginal', 'nonconformity']);
export type Conformity = z.infer<typeof conformitySchema>;

const digitOutcomeSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('insufficient_data'),
    amounts: z.number(),
    amounts_min: z.number(),
  }),
  z.object({
    status: z.literal('analysed'),
    rows: z.array(digitRowSchema),
    chi_square: z.number(),
    degrees_of_freedom: z.number(),
    chi_square_p_value: z.number(),
    mad: z.number(),
    mad_thresholds: z.tuple([z.number(), z.number(), z.number()]).nullish(),
    conformity: conformitySchema.nullish(),
    departs: z.boolean(),
  }),
]);
export type DigitOutcome = z.infer<typeof digitOutcomeSchema>;

export const digitTestSchema = z.object({
  test: z.string(),
  amounts_analysed: z.number(),
  amounts_below_min: z.number(),
  outcome: digitOutcomeSchema,
});
export type DigitTest = z.infer<typeof digitTestSchema>;

export const riskBandSchema = z.enum(['low', 'medium', 'high']);
export type RiskBand = z.infer<typeof riskBandSchema>;

const contributionSchema = z.object({
  test: z.string(),
  weight: z.number(),
  /** Indices into the result's `findings`. */
  findings: z.array(z.number()),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const entryScoreSchema = z.object({
  entry_id: z.string(),
  number: z.string(),
  score: z.number(),
  band: riskBandSchema,
  breakdown: z.array(contributionSchema),
});
export type EntryScore = z.infer<typeof entryScoreSchema>;

export const findingSchema = z.object({
  test: z.string(),
  entries: z.array(z.string()),
  reason: z.string(),
});
export type Finding = z.infer<typeof findingSchema>;

export const auditResultSchema = z.object({
  population: z.object({
    entries: z.number(),
    lines: z.number(),
    total_debits: z.string(),
    total_credits: z.string(),
  }),
  params: z.unknown(),
  digit_tests: z.array(digitTestSchema),
  counts: z.array(z.object({ test: z.string(), findings: z.number(), entries: z.number() })),
  limitations: z.array(z.object({ step: z.string(), reason: z.string() })),
  distribution: z.object({ low: z.number(), medium: z.number(), high: z.number() }),
  findings: z.array(findingSchema),
  flagged: z.array(entryScoreSchema),
});
export type AuditResult = z.infer<typeof auditResultSchema>;

export const sharedAuditSchema = z.object({
  entity: z.string(),
  session: sessionSchema,
  result: auditResultSchema,
  notes: z.array(findingNoteSchema).default([]),
  /** The documents attached to each flagged entry, by entry id. */
  evidence: z.record(z.string(), z.array(attachedDocumentSchema)).default({}),
  expires_at: z.string(),
});
export type SharedAudit = z.infer<typeof sharedAuditSchema>;

export const shareSchema = z.object({
  share_id: z.string(),
  token: z.string(),
  url: z.string(),
  expires_at: z.string(),
});
export type AuditShare = z.infer<typeof shareSchema>;
