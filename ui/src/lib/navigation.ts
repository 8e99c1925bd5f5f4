/**
 * Lets code outside React (the API client) navigate through the router once the app
 * has registered it; before that (or in tests) it falls back to a full page load.
 */

type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigator: Navigate | null = null;

export function registerNavigator(fn: Navigate | null): void {
  navigator = fn;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigator) {
    navigator(to, options);
    return;
  }
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}
