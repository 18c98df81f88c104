import { useCallback, useMemo, useState } from 'react';
import type { SelectAll } from './ColumnHeader.tsx';

/**
 * Selected rows of a list, by id. The selection belongs to one list query (`scope`): a new
 * search, filter or sort starts with none; rows no longer loaded drop out of it.
 */
export function useSelection(scope: string, loadedIds: readonly string[], selectAllLabel: string) {
  const [selection, setSelection] = useState({ scope, ids: new Set<string>() as ReadonlySet<string> });
  const selected = useMemo(
    () => new Set(selection.scope === scope ? loadedIds.filter((id) => selection.ids.has(id)) : []) as ReadonlySet<string>,
    [selection, scope, loadedIds],
  );
  const select = (ids: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelection({ scope, ids: next });
  };
  /** After a bulk action: what went through leaves the selection, what failed stays for another try. */
  const release = useCallback((ids: readonly string[]) => {
    setSelection((current) => ({ ...current, ids: new Set([...current.ids].filter((id) => !ids.includes(id))) }));
  }, []);
  const selectAll: SelectAll = {
    label: selectAllLabel,
    checked: loadedIds.length > 0 && selected.size === loadedIds.length,
    indeterminate: selected.size > 0 && selected.size < loadedIds.length,
    disabled: loadedIds.length === 0,
    onChange: (on) => select(loadedIds, on),
  };
  return { selected, select, release, selectAll };
}
