import {
  IconBell,
  IconBook2,
  IconBuildingBank,
  IconCalculator,
  IconChartBar,
  IconCoins,
  IconCreditCard,
  IconDownload,
  IconFileInvoice,
  IconHistory,
  IconLayoutDashboard,
  IconReceipt2,
  IconScale,
  IconSettings,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';

import { paths } from '@/config/paths';

export type NavItem = {
  label: string;
  to: string;
  /** The hover tooltip: one line on what the screen is for. */
  description: string;
  icon: Icon;
  children?: NavItem[];
};

const a = paths.accounting;

/** Accounting's sub-items that exist, in the order of spec §2. */
export const accountingNavItems: NavItem[] = [
  {
    label: 'Journal Entry',
    to: a.journalEntry,
    description: 'Record, review and post double-entry journal entries.',
    icon: IconBook2,
  },
  {
    label: 'Trial Balance',
    to: a.trialBalance,
    description: 'Debit and credit totals of every account as of any date.',
    icon: IconScale,
  },
  {
    label: 'General Ledger',
    to: a.generalLedger,
    description: 'Every posting per account in date order, with running balances.',
    icon: IconFileInvoice,
  },
  {
    label: 'Payroll',
    to: a.payroll,
    description: 'Run payroll and post salaries and statutory deductions to the books.',
    icon: IconUsers,
  },
  {
    label: 'Income summary',
    to: a.incomeSummary,
    description: 'Income by account and period.',
    icon: IconChartBar,
  },
  {
    label: 'Expense summary',
    to: a.expenseSummary,
    description: 'Expenses by account and period, against budget.',
    icon: IconReceipt2,
  },
  {
    label: 'Asset schedule',
    to: a.assetSchedule,
    description: 'Fixed assets with their depreciation and net book values.',
    icon: IconBuildingBank,
  },
  {
    label: 'Debt Management',
    to: a.debtManagement,
    description: 'Loans payable and receivable: repayment schedules, repayments and aging.',
    icon: IconCoins,
  },
];

/** The side navigation of spec §2, top part, in order. */
export const mainNavItems: NavItem[] = [
  {
    label: 'Dashboard',
    to: paths.dashboard,
    description: 'The workspace at a glance: balances, recent activity and what needs attention.',
    icon: IconLayoutDashboard,
  },
  {
    label: 'Notifications',
    to: paths.notifications,
    description: 'Messages about your workspaces, invitations, payments and reports.',
    icon: IconBell,
  },
  {
    label: 'Accounting',
    to: a.root,
    description: 'The books: journal entries, ledgers and financial summaries.',
    icon: IconCalculator,
    children: accountingNavItems,
  },
  {
    label: 'Downloads',
    to: paths.reports.downloads,
    description: 'Generated financial reports and attachments, ready to download.',
    icon: IconDownload,
  },
  {
    label: 'User Activity Logs',
    to: paths.activityLogs,
    description: 'Who did what in this workspace, and when.',
    icon: IconHistory,
  },
];

/** The bottom of the side navigation (spec §2). */
export const bottomNavItems: NavItem[] = [
  {
    label: 'License Plan',
    to: paths.license,
    description: 'Your subscription plan, its limits and upgrades.',
    icon: IconCreditCard,
  },
  {
    label: 'Wallet',
    to: paths.wallet,
    description: "Your organization's balance, saved cards and transactions.",
    icon: IconWallet,
  },
  {
    label: 'Settings',
    to: paths.settings.root,
    description: 'Your account, workspaces, organization and security.',
    icon: IconSettings,
  },
];

/** True when `pathname` is `to` or below it. */
export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}
