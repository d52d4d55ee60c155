import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';

type Change = (event: { target: { value: string } }) => void;

/**
 * A panel list's filter form whose filters live in the address. The fields start from `initial`
 * (the page remounts the form when the address changes); 'apply' writes the filled ones, trimmed
 * and in the order of `keys`, and drops the page, so new filters start on the first page; 'clear'
 * empties the fields and the address.
 */
export function useListFilters<Key extends string>(
  keys: readonly Key[],
  initial: Partial<Record<Key, string>>,
) {
  const [, setParams] = useSearchParams();
  const [values, setValues] = useState(
    () => Object.fromEntries(keys.map((key) => [key, initial[key] ?? ''])) as Record<Key, string>,
  );

  const field = (key: Key): { value: string; onChange: Change } => ({
    value: values[key],
    onChange: (event) => setValues((current) => ({ ...current, [key]: event.target.value })),
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const key of keys) {
      const value = values[key].trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  };
  const clear = () => {
    setValues(Object.fromEntries(keys.map((key) => [key, ''])) as Record<Key, string>);
    setParams(new URLSearchParams());
  };

  return { field, apply, clear };
}
