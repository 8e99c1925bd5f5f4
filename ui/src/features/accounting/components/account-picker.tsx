import { Select, type SelectProps } from '@mantine/core';
import { useMemo, type Ref } from 'react';

import { flattenAccounts, useAccounts, type FlatAccount } from '../api/accounts';

type AccountPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange: (accountId: string | null) => void;
  /** Only accounts that take postings (active, last level): the entry form's lines. */
  postableOnly?: boolean;
  /** Accounts to leave out (an account cannot be its own parent). */
  exclude?: readonly string[];
  ref?: Ref<HTMLInputElement>;
};

/** "1000 · Cash at bank": the code first, since accountants search by it. */
export function accountLabel(account: Pick<FlatAccount, 'account_code' | 'name'>): string {
  return `${account.account_code} · ${account.name}`;
}

/**
 * Picks an account by typing part of its code or its name (both are in the label the
 * search matches). Parents are listed indented above their children unless only
 * postable accounts are wanted.
 */
export function AccountPicker({
  value,
  onChange,
  postableOnly = false,
  exclude = [],
  ref,
  ...props
}: AccountPickerProps) {
  const { data: tree, isLoading } = useAccounts();
  const options = useMemo(() => {
    const accounts = flattenAccounts(tree ?? []).filter(
      (a) =>
        a.archived_datetime === null &&
        !exclude.includes(a.id) &&
        (!postableOnly || a.is_last_level),
    );
    return accounts.map((a) => ({ value: a.id, label: accountLabel(a), depth: a.depth }));
  }, [tree, postableOnly, exclude]);
  const depthOf = useMemo(() => new Map(options.map((o) => [o.value, o.depth])), [options]);

  return (
    <Select
      ref={ref}
      searchable
      clearable
      placeholder={isLoading ? 'Loading accounts…' : 'Search by code or name'}
      nothingFoundMessage="No account matches"
      data={options.map(({ value: id, label }) => ({ value: id, label }))}
      // Parents indented above their children; the chosen value shows without indent.
      renderOption={({ option }) => (
        <span style={{ paddingLeft: postableOnly ? 0 : (depthOf.get(option.value) ?? 0) * 14 }}>
          {option.label}
        </span>
      )}
      value={value}
      onChange={onChange}
      maxDropdownHeight={280}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
