import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/test-utils';

import { DateField } from './date-field';

function Harness({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

describe('DateField', () => {
  it('shows an ISO value in the organization format, not mm/dd/yyyy', () => {
    renderWithProviders(<Harness initial="2026-11-26" onValue={vi.fn()} />);
    expect(screen.getByLabelText('Date')).toHaveValue('26/11/2026');
  });

  it('hands back ISO for a date typed day first', async () => {
    const onValue = vi.fn();
    renderWithProviders(<Harness initial="" onValue={onValue} />);
    await userEvent.type(screen.getByLabelText('Date'), '31/01/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-01-31');
  });
});
