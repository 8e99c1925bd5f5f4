/**
 * Start-up behaviour (spec §2), as pure decisions so they can be tested without a
 * browser. `StartGuard` applies them on every location change.
 */
import { paths, serviceHome } from '@/config/paths';
import type { Service } from '@/lib/storage';

/** Spec §9: the mobile breakpoint; widths at or below it get the desktop notice. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Paths anyone may open without a token: auth pages, invite-user, audit-shared, payment-completion. */
export const PUBLIC_PATH_ROOTS: readonly string[] = [
  paths.auth.root,
  paths.login,
  paths.inviteUser,
  paths.auditShared.root,
  paths.paymentCompletion,
  paths.sandboxCheckout.root,
];

function isUnder(pathname: string, root: string): boolean {
  return pathname === root || pathname.startsWith(`${root}/`);
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATH_ROOTS.some((root) => isUnder(pathname, root));
}

/**
 * Spec §1: shared audit pages are exempt from the small-screen notice; so is the sandbox
 * provider's checkout, which stands in for a provider's own (mobile-friendly) page.
 */
export function isMobileNoticeExempt(pathname: string): boolean {
  return isUnder(pathname, paths.auditShared.root) || isUnder(pathname, paths.sandboxCheckout.root);
}

/**
 * Pages someone may reach from a phone and must be able to finish there (signing in,
 * resetting a password, accepting an invitation): the notice is a banner above them,
 * never in their way.
 */
export function isMobileFriendlyPath(pathname: string): boolean {
  return (
    isUnder(pathname, paths.auth.root) ||
    isUnder(pathname, paths.login) ||
    isUnder(pathname, paths.inviteUser)
  );
}

export function shouldShowMobileNotice(pathname: string, viewportWidthPx: number): boolean {
  return viewportWidthPx <= MOBILE_BREAKPOINT_PX && !isMobileNoticeExempt(pathname);
}

/** Where a preferred service lands; no preference means audit (spec §2). */
export function preferredServiceHome(preferred: Service | null): string {
  return serviceHome[preferred ?? 'audit'];
}

export type StartState = {
  pathname: string;
  token: string | null;
  preferredService: Service | null;
};

/**
 * Where the app must go instead of `pathname`, or null to stay:
 * - a stored token at / goes to the preferred service's home (default audit);
 * - no token on a path that is not public goes to /auth/login.
 */
export function startRedirect({ pathname, token, preferredService }: StartState): string | null {
  if (token) {
    return pathname === paths.root ? preferredServiceHome(preferredService) : null;
  }
  return isPublicPath(pathname) ? null : paths.auth.login;
}

/** Spec §2: a failed navigation at start goes to /auth/login. */
export const START_FAILURE_REDIRECT = paths.auth.login;

let startNavigationDone = false;

/** Called once the first route has rendered; later failures show an error page instead. */
export function markStartNavigationDone(): void {
  startNavigationDone = true;
}

export function isStartNavigationDone(): boolean {
  return startNavigationDone;
}
