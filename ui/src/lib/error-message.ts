/**
 * Error bodies reduced to text (spec §8). The server names a field by its key and, inside
 * lists, by position: `{"lines": [{"debit": ["Must be positive."]}]}` is the message
 * "Must be positive." about `lines[0].debit`, the path forms use (DESIGN.md §6).
 */

/** One message of an error body and the field path it is about ('' for the whole body). */
export type ErrorLeaf = { path: string; message: string };

const WHOLE_FORM_KEYS = new Set(['non_field_errors', 'detail']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function childPath(path: string, key: string): string {
  // `non_field_errors` and `detail` are about what contains them, not a field of it.
  if (WHOLE_FORM_KEYS.has(key)) return path;
  return path ? `${path}.${key}` : key;
}

/**
 * Every message in `body`, depth first in the server's order. A list of strings is one
 * field's messages; a list of objects (or lists) has one entry per position, `lines[2]`.
 * Numbers, booleans and null (`code`, `count`) are not messages.
 */
export function errorLeaves(body: unknown, path = ''): ErrorLeaf[] {
  if (typeof body === 'string') return body.trim() ? [{ path, message: body }] : [];
  if (Array.isArray(body)) {
    return body.flatMap((item, index) =>
      errorLeaves(item, typeof item === 'string' ? path : `${path}[${index}]`),
    );
  }
  if (isRecord(body)) {
    return Object.entries(body).flatMap(([key, value]) => errorLeaves(value, childPath(path, key)));
  }
  return [];
}

/** The first message of `body` wherever it is nested, or null when it holds none. */
export function firstNestedMessage(body: unknown): ErrorLeaf | null {
  return errorLeaves(body)[0] ?? null;
}

/**
 * Spec §8: an error body flattened to its first nested message, as 'field: message' when
 * it is about a field (`lines[0].debit: Must be positive.`) and the bare message when it
 * is about the whole request (`non_field_errors`, `detail`, a plain string).
 */
export function flattenedErrorMessage(body: unknown): string | null {
  const leaf = firstNestedMessage(body);
  if (!leaf) return null;
  return leaf.path ? `${leaf.path}: ${leaf.message}` : leaf.message;
}
