import { useDebouncedCallback } from '@mantine/hooks';
import { type ChangeEvent, useCallback, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { defaultFilters, type FilterFields, type FilterValues, readFilters, refusal, writeFilters } from './urlFilters.ts';

/** Typing pauses this long before the list asks again. */
export const TYPING_DEBOUNCE_MS = 300;

/** The sort is part of the address but not a filter: clearing the filters keeps it, and it never makes a list "filtered". */
const SORT_KEYS: readonly string[] = ['sortBy', 'sortOrder'];

const NO_OVERRIDES = {};

interface UrlFilterOptions<K extends string> {
  /** Free-text fields: their boxes show what is typed at once, the address and the list follow after a pause. */
  typed?: readonly K[];
  /** Defaults the page chooses where the contract has none (the address leaves them out). Keep it a constant. */
  defaults?: Partial<FilterValues<K>>;
}

/**
 * A list's filters and sort kept in the address (so a list can be linked to, reloaded and gone
 * back to as it was), checked against the function contract's input schema. `values` are what
 * the list asks for; `input(key)` gives a text box (or a native select) its value, onChange and
 * the contract's sentence when it refuses what was typed; `choice(key)` serves a Mantine select.
 */
export function useUrlFilters<K extends string>(fields: FilterFields<K>, { typed = [], defaults: overrides = NO_OVERRIDES }: UrlFilterOptions<NoInfer<K>> = {}) {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const defaults = useMemo(() => defaultFilters(fields, overrides), [fields, overrides]);
  const values = useMemo(() => readFilters(fields, params, defaults), [fields, params, defaults]);
  const [drafts, setDrafts] = useState<Partial<FilterValues<K>>>({});
  // Typed fields whose text has rested for the pause: only then may they say what is wrong with it,
  // so 'domain.' on the way to 'domain.*' is not called an error while the operator is still typing.
  const [rested, setRested] = useState<ReadonlySet<K>>(() => new Set());

  // From the address as it is now, not as last rendered: two quick clicks on a column must toggle twice.
  const update = useCallback((change: (current: FilterValues<K>) => Partial<FilterValues<K>>) => {
    // The list was left meanwhile: a row opened while the next page's code still loads keeps this
    // list on screen (and its typing pause running), and a write now would navigate back to it.
    if (window.location.pathname !== pathname) return;
    setParams((current) => writeFilters(current, change(readFilters(fields, current, defaults)), defaults), { replace: true });
  }, [setParams, fields, defaults, pathname]);
  const set = useCallback((key: K, value: string | null) => update(() => ({ [key]: value ?? '' }) as Partial<FilterValues<K>>), [update]);
  const sendTyped = useDebouncedCallback((key: K, value: string) => {
    set(key, value);
    setRested((current) => new Set(current).add(key));
  }, TYPING_DEBOUNCE_MS);

  const keys = Object.keys(fields) as K[];
  const filterKeys = keys.filter((key) => !SORT_KEYS.includes(key));
  const filtered = filterKeys.some((key) => values[key] !== defaults[key]);

  /** Every filter back to its default; the sort stays. */
  const clear = () => {
    sendTyped.cancel();
    setDrafts({});
    update(() => Object.fromEntries(filterKeys.map((key) => [key, defaults[key]])) as Partial<FilterValues<K>>);
  };

  /** A text field's new value: a typed one waits for the pause, any other goes to the address at once. */
  const type = (key: K, value: string) => {
    if (!typed.includes(key)) {
      set(key, value);
      return;
    }
    setDrafts((current) => ({ ...current, [key]: value }));
    setRested((current) => {
      if (!current.has(key)) return current;
      const next = new Set(current);
      next.delete(key);
      return next;
    });
    sendTyped(key, value);
  };

  const input = (key: K) => {
    const draft = drafts[key];
    return {
      value: draft ?? values[key],
      error: draft === undefined || !rested.has(key) ? undefined : refusal(fields[key], draft),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => type(key, event.currentTarget.value),
    };
  };

  /** A select's value (none when blank) and onChange. */
  const choice = (key: K) => ({ value: values[key] || null, onChange: (value: string | null) => set(key, value) });

  return { values, set, update, clear, filtered, input, type, choice };
}

export type UrlFilters<K extends string> = ReturnType<typeof useUrlFilters<K>>;
