import { describe, expect, it } from 'vitest';

import { formFieldOf } from './create-session-modal';

describe('formFieldOf', () => {
  it('keeps the fields the form has', () => {
    expect(formFieldOf('performance_materiality')).toBe('performance_materiality');
    expect(formFieldOf('period_end')).toBe('period_end');
  });

  it('puts an indexed threshold error on the one threshold input', () => {
    expect(formFieldOf('approval_thresholds[0]')).toBe('approval_threshold');
  });

  it('sends errors about fields without an input to the whole form', () => {
    expect(formFieldOf('utc_offset_seconds')).toBe('root');
    expect(formFieldOf('params')).toBe('root');
  });
});
