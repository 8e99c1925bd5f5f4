/**
 * Payroll (`/accounting/payroll`): employees, pay runs under dated Nigerian rules,
 * payslips and their posting to the books. The route imports only from here.
 */
export { PayrollScreen } from './components/payroll-screen';
