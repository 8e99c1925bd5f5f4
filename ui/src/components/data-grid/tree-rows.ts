/**
 * Hierarchies in a plain grid. Tree data is an ag-grid Enterprise feature, so the tree is
 * flattened here (depth-first, each row with its depth) and collapsed branches are left
 * out; the name column draws the indentation and the toggle (`TreeNameCell`).
 */
import { useCallback, useMemo, useState } from 'react';

export type TreeRow<T> = T & {
  treeId: string;
  depth: number;
  hasChildren: boolean;
  /** Ids of the ancestors, root first. */
  ancestors: string[];
};

/**
 * Orders `rows` depth-first under their parents, keeping the given order among siblings.
 * Rows whose parent is missing become roots, so nothing is ever dropped.
 */
export function toTreeRows<T>(
  rows: readonly T[],
  idOf: (row: T) => string,
  parentOf: (row: T) => string | null,
): TreeRow<T>[] {
  const ids = new Set(rows.map(idOf));
  const children = new Map<string | null, T[]>();
  for (const row of rows) {
    const parent = parentOf(row);
    const key = parent !== null && ids.has(parent) ? parent : null;
    const list = children.get(key) ?? [];
    list.push(row);
    children.set(key, list);
  }
  const out: TreeRow<T>[] = [];
  const seen = new Set<string>();
  const walk = (parent: string | null, depth: number, ancestors: string[]) => {
    for (const row of children.get(parent) ?? []) {
      const id = idOf(row);
      if (seen.has(id)) continue; // a cycle in bad data must not loop forever
      seen.add(id);
      const kids = children.get(id) ?? [];
      out.push({ ...row, treeId: id, depth, hasChildren: kids.length > 0, ancestors });
      walk(id, depth + 1, [...ancestors, id]);
    }
  };
  walk(null, 0, []);
  return out;
}

/** The rows not hidden under a collapsed ancestor. */
export function visibleTreeRows<T>(rows: readonly TreeRow<T>[], collapsed: ReadonlySet<string>) {
  return rows.filter((row) => !row.ancestors.some((id) => collapsed.has(id)));
}

/** Expand/collapse state of one tree grid. */
export function useCollapsed() {
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setCollapsed((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const collapseAll = useCallback((ids: readonly string[]) => setCollapsed(new Set(ids)), []);
  const expandAll = useCallback(() => setCollapsed(new Set()), []);
  return useMemo(
    () => ({ collapsed, toggle, collapseAll, expandAll }),
    [collapsed, toggle, collapseAll, expandAll],
  );
}
