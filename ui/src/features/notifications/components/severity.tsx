import { ThemeIcon } from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconInfoCircle,
  type Icon,
} from '@tabler/icons-react';

import type { Severity } from '../api/get-notifications';

/** How each severity is drawn: a colour of the theme, an icon, and a label for screen readers. */
export const SEVERITY_STYLE: Record<Severity, { color: string; icon: Icon; label: string }> = {
  info: { color: 'blue', icon: IconInfoCircle, label: 'Information' },
  success: { color: 'teal', icon: IconCircleCheck, label: 'Success' },
  warning: { color: 'yellow', icon: IconAlertTriangle, label: 'Warning' },
  error: { color: 'red', icon: IconAlertCircle, label: 'Error' },
};

export function SeverityIcon({ severity, size = 30 }: { severity: Severity; size?: number }) {
  const style = SEVERITY_STYLE[severity];
  const SeverityGlyph = style.icon;
  return (
    <ThemeIcon
      variant="light"
      color={style.color}
      size={size}
      radius="xl"
      aria-label={style.label}
      data-severity={severity}
      role="img"
    >
      <SeverityGlyph size={Math.round(size * 0.56)} stroke={1.8} />
    </ThemeIcon>
  );
}
