/**
 * The route tree of spec §2, built from `config/paths.ts`. Every screen is its own chunk
 * (route `lazy`), so the first page loads only the code it needs.
 */
import { useEffect, type ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';

import { PermissionModals } from '@/components/permissions/permission-modals';
import { RouteLoader } from '@/components/ui/route-loader';
import { paths, routePattern } from '@/config/paths';

import { onlyWhenEntered, prefetching, sessionBasics } from './prefetch';
import { RouteError } from './route-error';
import { StartGuard } from './start-guard';
import { warmSharedCode } from './warm-up';

type RouteModule = { default: ComponentType };

/** Turns a module's default export into a lazily loaded route component. */
function load(importer: () => Promise<RouteModule>): RouteObject['lazy'] {
  return async () => ({ Component: (await importer()).default });
}

const a = paths.accounting;

/** A route's loader that asks for its screen's first data (`./prefetch`). */
function prefetches(
  plan: Parameters<typeof prefetching>[0],
): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return { loader: prefetching(plan), shouldRevalidate: onlyWhenEntered };
}

const accounting = () => import('@/features/accounting/prefetch');
const audit = () => import('@/features/audit/prefetch');
const debts = () => import('@/features/debts/prefetch');

function Root() {
  useEffect(() => warmSharedCode(), []);
  return (
    <>
      <StartGuard />
      <PermissionModals />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    path: paths.root,
    element: <Root />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteLoader />,
    children: [
      // Main layout with side navigation.
      {
        lazy: load(() => import('./routes/app/main-root')),
        ...sessionBasics,
        children: [
          { index: true, lazy: load(() => import('./routes/app/service-home')) },
          {
            path: routePattern(paths.dashboard, '/', true),
            lazy: load(() => import('./routes/app/dashboard')),
            ...prefetches(async () => (await accounting()).dashboard),
          },
          {
            path: routePattern(a.root),
            children: [
              {
                index: true,
                lazy: load(() => import('./routes/app/accounting/overview')),
                ...prefetches(async () => (await accounting()).chartOfAccounts),
              },
              {
                path: routePattern(a.journalEntry, a.root, true),
                lazy: load(() => import('./routes/app/accounting/journal-entry')),
                ...prefetches(async () => (await accounting()).journalEntries),
              },
              {
                path: routePattern(a.trialBalance, a.root, true),
                lazy: load(() => import('./routes/app/accounting/trial-balance')),
                ...prefetches(async () => (await accounting()).trialBalance),
              },
              {
                path: routePattern(a.generalLedger, a.root, true),
                lazy: load(() => import('./routes/app/accounting/general-ledger')),
                ...prefetches(async () => (await accounting()).generalLedger),
              },
              {
                path: routePattern(a.payroll, a.root, true),
                lazy: load(() => import('./routes/app/accounting/payroll')),
              },
              {
                path: routePattern(a.incomeSummary, a.root, true),
                lazy: load(() => import('./routes/app/accounting/income-summary')),
                ...prefetches(async () => (await accounting()).incomeSummary),
              },
              {
                path: routePattern(a.expenseSummary, a.root, true),
                lazy: load(() => import('./routes/app/accounting/expense-summary')),
                ...prefetches(async () => (await accounting()).expenseSummary),
              },
              {
                path: routePattern(a.balanceSheet, a.root, true),
                lazy: load(() => import('./routes/app/accounting/balance-sheet')),
                ...prefetches(async () => (await accounting()).balanceSheet),
              },
              {
                path: routePattern(a.incomeStatement, a.root, true),
                lazy: load(() => import('./routes/app/accounting/income-statement')),
                ...prefetches(async () => (await accounting()).incomeStatement),
              },
              {
                path: routePattern(a.cashFlow, a.root, true),
                lazy: load(() => import('./routes/app/accounting/cash-flow')),
                ...prefetches(async () => (await accounting()).cashFlow),
              },
              {
                path: routePattern(a.assetSchedule, a.root, true),
                lazy: load(() => import('./routes/app/accounting/asset-schedule')),
              },
              {
                path: routePattern(a.debtManagement, a.root, true),
                lazy: load(() => import('./routes/app/accounting/debt-management')),
                ...prefetches(async () => (await debts()).debtManagement),
              },
              { path: '*', element: <Navigate to={a.root} replace /> },
            ],
          },
          {
            path: routePattern(paths.reports.root),
            children: [
              { index: true, element: <Navigate to={paths.reports.downloads} replace /> },
              {
                path: routePattern(paths.reports.downloads, paths.reports.root, true),
                lazy: load(() => import('./routes/app/downloads')),
              },
              { path: '*', element: <Navigate to={paths.reports.downloads} replace /> },
            ],
          },
          {
            path: routePattern(paths.notifications, '/', true),
            lazy: load(() => import('./routes/app/notifications')),
          },
          {
            path: routePattern(paths.activityLogs, '/', true),
            lazy: load(() => import('./routes/app/activity-logs')),
          },
          {
            path: routePattern(paths.license, '/', true),
            lazy: load(() => import('./routes/app/license')),
          },
          {
            path: routePattern(paths.wallet, '/', true),
            lazy: load(() => import('./routes/app/wallet')),
          },
          {
            path: `${routePattern(paths.settings.root)}/:tabValue`,
            lazy: load(() => import('./routes/app/settings')),
          },
          {
            path: routePattern(paths.settings.root),
            lazy: load(() => import('./routes/app/settings')),
          },
        ],
      },
      // Audit area.
      {
        path: routePattern(paths.audit),
        lazy: load(() => import('./routes/audit/audit-root')),
        ...sessionBasics,
        children: [
          {
            index: true,
            lazy: load(() => import('./routes/audit/sessions')),
            ...prefetches(async () => (await audit()).sessions),
          },
          {
            path: 'sessions/:sessionId',
            lazy: load(() => import('./routes/audit/session')),
            ...prefetches(async () => (await audit()).session),
          },
          {
            path: 'time-travel',
            lazy: load(() => import('./routes/audit/time-travel')),
            ...prefetches(async () => (await audit()).timeTravel),
          },
          { path: '*', element: <Navigate to={paths.audit} replace /> },
        ],
      },
      // Public shared audit view.
      {
        path: `${routePattern(paths.auditShared.root)}/:sessionId`,
        lazy: load(() => import('./routes/audit/audit-shared')),
      },
      // Workspace area in a bare layout.
      {
        path: routePattern(paths.workspace.root),
        lazy: load(() => import('./routes/workspace/workspace-root')),
        children: [
          { index: true, lazy: load(() => import('./routes/workspace/create-workspace')) },
          { path: '*', element: <Navigate to={paths.workspace.root} replace /> },
        ],
      },
      // Public authentication pages.
      {
        path: routePattern(paths.auth.root),
        lazy: load(() => import('./routes/auth/auth-root')),
        children: [
          { index: true, element: <Navigate to={paths.auth.login} replace /> },
          {
            path: routePattern(paths.auth.login, paths.auth.root),
            lazy: load(() => import('./routes/auth/login')),
          },
          {
            path: routePattern(paths.auth.register, paths.auth.root),
            lazy: load(() => import('./routes/auth/register')),
          },
          {
            path: routePattern(paths.auth.resetPassword, paths.auth.root),
            lazy: load(() => import('./routes/auth/reset-password')),
          },
          {
            path: routePattern(paths.auth.activate, paths.auth.root),
            lazy: load(() => import('./routes/auth/activate')),
          },
          {
            path: routePattern(paths.auth.twoFactor, paths.auth.root),
            lazy: load(() => import('./routes/auth/two-factor')),
          },
          { path: '*', element: <Navigate to={paths.auth.login} replace /> },
        ],
      },
      { path: routePattern(paths.login), element: <Navigate to={paths.auth.login} replace /> },
      {
        path: routePattern(paths.inviteUser),
        lazy: load(() => import('./routes/invite-user')),
      },
      {
        path: routePattern(paths.paymentCompletion),
        lazy: load(() => import('./routes/payment-completion')),
      },
      // The sandbox payment provider's checkout: public, outside the app's layouts.
      {
        path: `${routePattern(paths.sandboxCheckout.root)}/:txRef`,
        lazy: load(() => import('./routes/sandbox-checkout')),
      },
      { path: '*', lazy: load(() => import('./routes/not-found')) },
    ],
  },
];

/** The app's router; created once by `App`. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
