import { ActionIcon, Group, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { CustomCellRendererProps } from 'ag-grid-react';

import type { TreeRow } from './tree-rows';

/** Pixels of indentation per level of the hierarchy. */
const INDENT_PX = 18;

export type TreeNameCellParams = {
  collapsed: ReadonlySet<string>;
  onToggle: (id: string) => void;
};

/** The name column of a tree grid: indentation, an expand/collapse toggle, the text. */
export function TreeNameCell<T>(
  props: CustomCellRendererProps<TreeRow<T>, string> & TreeNameCellParams,
) {
  const row = props.data;
  if (!row) return <Text size="sm">{props.valueFormatted ?? props.value}</Text>;
  const open = !props.collapsed.has(row.treeId);
  const label = props.valueFormatted ?? props.value ?? '';
  return (
    <Group gap={4} wrap="nowrap" pl={row.depth * INDENT_PX} h="100%">
      {row.hasChildren ? (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`${open ? 'Collapse' : 'Expand'} ${label}`}
          aria-expanded={open}
          onClick={(event) => {
            // The row's own click (drill-down) must not fire too.
            event.stopPropagation();
            props.onToggle(row.treeId);
          }}
        >
          {open ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
        </ActionIcon>
      ) : (
        <span style={{ width: 22, flex: 'none' }} />
      )}
      <Text size="sm" fw={row.hasChildren ? 600 : 400} truncate>
        {label}
      </Text>
    </Group>
  );
}
