/**
 * Debt management (`/accounting/financial-reports/financial-debt`): loans payable and
 * receivable, their amortization schedules, repayments split into interest and principal
 * and posted to the books, and their aging. The route imports only from here.
 */
export { DebtManagementScreen } from './components/debt-management-screen';
