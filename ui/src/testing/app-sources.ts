/**
 * The app's own modules (tests left out) as text, by path from the project root
 * ("/src/lib/charts.ts"), for tests that check how the code is put together.
 */
export const appSources = import.meta.glob<string>(
  ['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}'],
  { query: '?raw', import: 'default', eager: true },
);
