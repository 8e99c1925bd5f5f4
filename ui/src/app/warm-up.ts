/**
 * Code many screens share that the first screen may not need — the grid (~900 kB of the
 * ~2 MB of script) and the chart library (~360 kB) — loaded once the first screen is up
 * and the browser is idle, so moving to a ledger or a chart waits for its data, not for
 * that code to download and compile.
 */

export type Importer = () => Promise<unknown>;

/**
 * The grid, which every ledger-like screen draws (DESIGN.md §9), and the chart library,
 * which the dashboard, the summaries and an audit session's result draw with.
 */
const SHARED_CODE: readonly Importer[] = [
  () => import('@/components/data-grid/data-grid'),
  () => import('@/lib/charts'),
];

/** The longest the warm-up waits for idle time before it goes ahead anyway. */
const IDLE_WAIT_MAX_MS = 3_000;

/** Runs `work` after the page's own load, in idle time. */
function whenIdle(work: () => void): void {
  const inIdleTime = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(work, { timeout: IDLE_WAIT_MAX_MS });
    } else {
      window.setTimeout(work, 0);
    }
  };
  if (document.readyState === 'complete') inIdleTime();
  else window.addEventListener('load', inIdleTime, { once: true });
}

let started = false;

/**
 * Schedules the shared code's loading, once per page. A failure is left to the screen
 * that needs the code: it imports it again and shows its own error.
 */
export function warmSharedCode(
  importers: readonly Importer[] = SHARED_CODE,
  schedule: (work: () => void) => void = whenIdle,
): void {
  if (started) return;
  started = true;
  schedule(() => {
    for (const load of importers) void load().catch(() => undefined);
  });
}

/** Tests only: lets the next `warmSharedCode` schedule again. */
export function resetWarmUpForTests(): void {
  started = false;
}
