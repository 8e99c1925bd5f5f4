/** How the screen names a debt's status and direction. */
import { DIRECTIONS, type Direction } from '../api/debts';

export const STATUS_OPTIONS = [
  { value: 'active', label: 'Outstanding' },
  { value: 'settled', label: 'Repaid' },
];

/** The status as people read it; an unknown code shows as sent. */
export function statusLabel(status: string): string {
  return STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;
}

export const DIRECTION_OPTIONS = [
  { value: 'payable', label: 'Payable' },
  { value: 'receivable', label: 'Receivable' },
];

export function directionLabel(direction: string): string {
  return DIRECTION_OPTIONS.find((o) => o.value === direction)?.label ?? direction;
}

export function asDirection(value: string | null): Direction | null {
  return DIRECTIONS.find((d) => d === value) ?? null;
}
