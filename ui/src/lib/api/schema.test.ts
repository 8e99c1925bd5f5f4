/**
 * `schema.d.ts` is exactly what openapi-typescript makes of the checked-in `openapi.json`
 * (itself kept equal to the server's document by the Rust test `openapi`): a hand edit
 * of the types, or a document regenerated without its types, fails here.
 * Regenerate both with `npm run gen:api`.
 */
import { describe, expect, it } from 'vitest';

import { generateTypes } from '../../../scripts/api-types.mjs';

import document from './openapi.json';
import committed from './schema.d.ts?raw';

describe('the generated API types', () => {
  it('are what openapi-typescript makes of the checked-in OpenAPI document', async () => {
    const expected = await generateTypes(document);
    expect(committed, 'src/lib/api/schema.d.ts is stale: run `npm run gen:api`').toBe(expected);
  }, 60_000);
});
