/**
 * The employee form's values and how they become the API's body, and the API's field
 * errors their fields (`other_allowances[1].amount` → `other_allowances.1.amount`).
 */
import { z } from 'zod';

import { AMOUNT_INPUT_HINT, amountInput, formatAmount, parseCents } from '@/lib/money';

import {
  ALLOWANCES_MAX,
  DEDUCTIONS_MAX,
  NAME_CHARS_MAX,
  TEXT_CHARS_MAX,
  type Employee,
  type EmployeeInput,
} from '../api/employees';

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`);
const amount = z
  .string()
  .refine((value) => parseCents(value) !== null && (parseCents(value) ?? 0n) >= 0n, {
    message: AMOUNT_INPUT_HINT,
  });
const lineName = text(NAME_CHARS_MAX).min(1, 'Enter a name.');

export const employeeFormSchema = z.object({
  first_name: text(NAME_CHARS_MAX).min(1, 'Enter a first name.'),
  last_name: text(NAME_CHARS_MAX).min(1, 'Enter a last name.'),
  email: text(TEXT_CHARS_MAX),
  phone: text(TEXT_CHARS_MAX),
  staff_id: text(TEXT_CHARS_MAX),
  job_title: text(TEXT_CHARS_MAX),
  department: text(TEXT_CHARS_MAX),
  start_date: z.string().min(1, 'Enter the first day employed.'),
  state_of_residence: text(TEXT_CHARS_MAX),
  bank_name: text(TEXT_CHARS_MAX),
  account_number: text(TEXT_CHARS_MAX),
  pension_pin: text(TEXT_CHARS_MAX),
  tax_id: text(TEXT_CHARS_MAX),
  basic: amount.refine((value) => value.trim() !== '', { message: 'Enter the annual basic pay.' }),
  housing: amount,
  transport: amount,
  annual_rent: amount,
  nhf: z.boolean(),
  other_allowances: z
    .array(z.object({ name: lineName, amount, taxable: z.boolean(), pensionable: z.boolean() }))
    .max(ALLOWANCES_MAX, `At most ${ALLOWANCES_MAX} allowances.`),
  other_deductions: z
    .array(z.object({ name: lineName, amount }))
    .max(DEDUCTIONS_MAX, `At most ${DEDUCTIONS_MAX} deductions.`),
});
export type EmployeeFormValues = z.infer<typeof employeeFormSchema>;

/** A blank form: NHF on, as the server defaults it. */
export const EMPTY_EMPLOYEE: EmployeeFormValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  staff_id: '',
  job_title: '',
  department: '',
  start_date: '',
  state_of_residence: '',
  bank_name: '',
  account_number: '',
  pension_pin: '',
  tax_id: '',
  basic: '',
  housing: '',
  transport: '',
  annual_rent: '',
  nhf: true,
  other_allowances: [],
  other_deductions: [],
};

/** An amount as the form shows it: grouped, and blank for zero. */
function shown(value: string): string {
  return parseCents(value) === 0n ? '' : formatAmount(value);
}

export function valuesOf(employee: Employee): EmployeeFormValues {
  return {
    first_name: employee.first_name,
    last_name: employee.last_name,
    email: employee.email,
    phone: employee.phone,
    staff_id: employee.staff_id,
    job_title: employee.job_title,
    department: employee.department,
    start_date: employee.start_date,
    state_of_residence: employee.state_of_residence,
    bank_name: employee.bank_name,
    account_number: employee.account_number,
    pension_pin: employee.pension_pin,
    tax_id: employee.tax_id,
    basic: shown(employee.basic),
    housing: shown(employee.housing),
    transport: shown(employee.transport),
    annual_rent: shown(employee.annual_rent),
    nhf: employee.nhf,
    other_allowances: employee.other_allowances.map((a) => ({ ...a, amount: shown(a.amount) })),
    other_deductions: employee.other_deductions.map((d) => ({ ...d, amount: shown(d.amount) })),
  };
}

const money = (value: string) => amountInput(value) ?? '0.00';

export function inputOf(values: EmployeeFormValues): EmployeeInput {
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    staff_id: values.staff_id.trim(),
    job_title: values.job_title.trim(),
    department: values.department.trim(),
    start_date: values.start_date,
    state_of_residence: values.state_of_residence.trim(),
    bank_name: values.bank_name.trim(),
    account_number: values.account_number.trim(),
    pension_pin: values.pension_pin.trim(),
    tax_id: values.tax_id.trim(),
    basic: money(values.basic),
    housing: money(values.housing),
    transport: money(values.transport),
    annual_rent: money(values.annual_rent),
    nhf: values.nhf,
    other_allowances: values.other_allowances.map((a) => ({
      name: a.name.trim(),
      amount: money(a.amount),
      taxable: a.taxable,
      pensionable: a.pensionable,
    })),
    other_deductions: values.other_deductions.map((d) => ({
      name: d.name.trim(),
      amount: money(d.amount),
    })),
  };
}

/** The server's field path as the form's: `other_allowances[1].amount` → `other_allowances.1.amount`. */
export function formPathOf(serverPath: string): string {
  return serverPath.replace(/\[(\d+)\]/g, '.$1');
}
