import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** Each key's value in the address, or its default: what `useQueryState` reads. */
export function queryFromSearch<K extends string>(
  search: URLSearchParams,
  defaults: Record<K, string>,
): Record<K, string> {
  return Object.fromEntries(
    (Object.keys(defaults) as K[]).map((key) => [key, search.get(key) ?? defaults[key]]),
  ) as Record<K, string>;
}

/**
 * Report parameters live in the URL (`?as_of=…&account_id=…`), so a drill-down is a link,
 * the back button restores the previous report, and a report can be shared.
 */
export function useQueryState<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const values = queryFromSearch(params, defaults);
  const set = useCallback(
    (patch: Partial<Record<K, string>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (typeof value === 'string' && value !== '') next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [values, set] as const;
}
