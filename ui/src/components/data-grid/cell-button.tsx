import type { MouseEvent, ReactNode } from 'react';

export type CellButtonProps = {
  /** What the button does, for screen readers ("Edit 1120"). */
  label: string;
  /** The word shown on hover ("Edit"); the label when none is given. */
  hint?: string;
  /** Colour of the icon: the accent, red for what removes, grey otherwise. */
  tone?: 'primary' | 'danger';
  disabled?: boolean;
  /** For a button that opens and closes what is under it (a tree's branch). */
  expanded?: boolean;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
  /** The icon. */
  children: ReactNode;
};

/**
 * An icon button inside a grid row (edit, download, delete): a plain button styled by
 * `grid.css` as Mantine's subtle ActionIcon, its hint the browser's own tooltip. A grid
 * draws one per row in view, where a Mantine ActionIcon in a Tooltip costs their hooks
 * every time.
 */
export function CellButton({
  label,
  hint,
  tone,
  disabled,
  expanded,
  onClick,
  children,
}: CellButtonProps) {
  return (
    <button
      type="button"
      className="ledger-cell-button"
      data-tone={tone}
      title={hint ?? label}
      aria-label={label}
      aria-expanded={expanded}
      disabled={disabled}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** Cell buttons side by side, centred in the row's height. */
export function CellActions({ children }: { children: ReactNode }) {
  return <div className="ledger-cell-actions">{children}</div>;
}
