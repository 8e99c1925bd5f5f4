import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { CustomCellRendererProps } from 'ag-grid-react';

import { CellButton } from './cell-button';
import type { TreeRow } from './tree-rows';

/** Pixels of indentation per level of the hierarchy. */
const INDENT_PX = 18;

export type TreeNameCellParams = {
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

/**
 * The name column of a tree grid: indentation, an expand/collapse toggle, the text.
 * Plain elements styled by `grid.css`, not Mantine components: a grid draws this cell on
 * every row in view, and each Mantine component costs several hooks per cell (a tree
 * screen's first draw spent a tenth of its time in them).
 */
export function TreeNameCell<T>(
  props: CustomCellRendererProps<TreeRow<T>, string> & TreeNameCellParams,
) {
  const row = props.data;
  const label = props.valueFormatted ?? props.value ?? '';
  if (!row) return <span className="ledger-tree-label">{label}</span>;
  const open = !props.collapsed.has(row.treeId);
  return (
    <div className="ledger-tree-name" style={{ paddingLeft: row.depth * INDENT_PX }}>
      {row.hasChildren ? (
        <CellButton
          label={`${open ? 'Collapse' : 'Expand'} ${label}`}
          expanded={open}
          onClick={(event) => {
            // The row's own click (drill-down) must not fire too.
            event.stopPropagation();
            props.onToggle(row.treeId);
          }}
        >
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </CellButton>
      ) : (
        <span className="ledger-tree-spacer" />
      )}
      <span className="ledger-tree-label" data-parent={row.hasChildren ? '' : undefined}>
        {label}
      </span>
    </div>
  );
}
