/**
 * Every call of the app goes through the typed routes (`api.*`), so its path, parameters,
 * body and response schema are checked against the server's OpenAPI document. The
 * untyped `apiClient` stays for the client's own tests only.
 */
import { describe, expect, it } from 'vitest';

import { appSources } from '@/testing/app-sources';

const UNTYPED_ALLOWED = new Set(['/src/lib/api-client.ts']);

describe('calls of the API', () => {
  it('use the typed routes everywhere but the client itself', () => {
    const untyped = Object.entries(appSources)
      .filter(([path, text]) => !UNTYPED_ALLOWED.has(path) && /\bapiClient\s*\./.test(text))
      .map(([path]) => path);
    expect(Object.keys(appSources).length).toBeGreaterThan(50);
    expect(untyped).toEqual([]);
  });
});
