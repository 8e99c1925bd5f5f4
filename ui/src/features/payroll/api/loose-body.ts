/**
 * The server's OpenAPI document describes payroll's read bodies loosely: the employee, a
 * run's totals and its payslips are flattened records typed as open objects, the employee
 * listing is named as one employee rather than a page, and the settings view shares its
 * name with another view. A schema wrapped here is still the call's only parser (a body
 * of another shape is an error), but the compiler does not compare it with that document;
 * the call's path, parameters and query still are.
 */
import { z } from 'zod';

export function looselyDocumented<S extends z.ZodType>(schema: S) {
  return z.unknown().pipe(schema);
}
