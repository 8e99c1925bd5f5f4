/**
 * The API's error bodies as form errors (DESIGN.md §6): `{"lines[2].debit": ["…"]}` names
 * a field (with the line index), and so does the nested `{"lines": [{"debit": ["…"]}]}`
 * (as `lines[0].debit`); `non_field_errors` is about the whole entry.
 */
import { ApiError } from '@/lib/api-client';
import { errorLeaves } from '@/lib/error-message';

export type FormErrors = {
  /** Field path → first message, e.g. `lines[2].debit`, `date`, `name`. */
  fields: Record<string, string>;
  /** Messages about the whole form (debits ≠ credits, …). */
  general: string[];
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The form errors in `error` when it is a 400 with field errors, otherwise null. The API
 * client has already toasted them (spec §8); this puts each one on its field too.
 */
export function formErrorsOf(error: unknown): FormErrors | null {
  if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
    const body = error.body;
    if (isRecord(body) && body['detail'] === undefined) {
      const result: FormErrors = { fields: {}, general: [] };
      for (const [key, value] of Object.entries(body)) {
        // Top-level strings and numbers (`code`) describe the error, they are not messages.
        if (typeof value !== 'object' || value === null) continue;
        // Nested errors land on their path: `lines: [{debit: [...]}]` → `lines[0].debit`.
        for (const { path, message } of errorLeaves({ [key]: value })) {
          if (!path) result.general.push(message);
          else
            result.fields[path] = result.fields[path]
              ? `${result.fields[path]} ${message}`
              : message;
        }
      }
      return result;
    }
  }
  return null;
}

/** `lines[3].debit` → { line: 3, field: 'debit' }; `lines[1]` → { line: 1, field: null }. */
export function lineFieldOf(path: string): { line: number; field: string | null } | null {
  const match = /^lines\[(\d+)\](?:\.(\w+))?$/.exec(path);
  if (!match) return null;
  return { line: Number(match[1]), field: match[2] ?? null };
}

/**
 * The wait the server asks for when it answers 429 (the sign-in throttle: "Too many failed
 * sign-in attempts. Wait 3 minutes and try again."), or null for any other error.
 */
export function throttleMessageOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  const detail = isRecord(error.body) ? error.body['detail'] : undefined;
  return typeof detail === 'string'
    ? detail
    : 'Too many failed attempts. Wait a few minutes and try again.';
}
