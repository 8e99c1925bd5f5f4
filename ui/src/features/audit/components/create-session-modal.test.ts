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

  it('puts an indexed holiday error on the holiday list', () => {
    expect(formFieldOf('holidays[2]')).toBe('holidays');
    expect(formFieldOf('holidays')).toBe('holidays');
  });

  it('puts business-hours errors on their time inputs and a zone error on the time zone', () => {
    expect(formFieldOf('business_hours.start')).toBe('business_start');
    expect(formFieldOf('business_hours.end')).toBe('business_end');
    expect(formFieldOf('time_zone')).toBe('time_zone');
  });

  it('sends errors about fields without an input to the whole form', () => {
    expect(formFieldOf('params')).toBe('root');
    expect(formFieldOf('business_hours')).toBe('root');
  });
});
