// The draft of the item open in a mode's editor: what was loaded, what is edited, and whether
// they differ (the unsaved-changes flag the side navigation asks about).
import { useEffect, useState } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { editingAtom, unsavedChangesAtom } from './adminAtoms';

export const byId = (item: { Id: number }): number => item.Id;

interface Draft<T> {
  key: number | 'new';
  original: T;
  value: T;
}

export function useEditor<T>(items: readonly T[], blank: () => T, keyOf: (item: T) => number) {
  const [editing, setEditing] = useAtom(editingAtom);
  const setUnsaved = useSetAtom(unsavedChangesAtom);
  const [stored, setStored] = useState<Draft<T> | null>(null);

  // the cards or the add button chose another item: open it (state adjusted while rendering)
  let draft = stored;
  if ((stored?.key ?? null) !== editing) {
    const original =
      editing === null ? undefined : editing === 'new' ? blank() : items.find((i) => keyOf(i) === editing);
    draft = editing !== null && original !== undefined ? { key: editing, original, value: original } : null;
    if (draft !== stored) setStored(draft);
  }

  const dirty = draft !== null && JSON.stringify(draft.original) !== JSON.stringify(draft.value);
  useEffect(() => setUnsaved(dirty), [dirty, setUnsaved]);

  return {
    draft: draft?.value ?? null,
    original: draft?.original ?? null,
    isNew: draft?.key === 'new',
    open: (id: number | 'new') => setEditing(id),
    close: () => {
      setEditing(null);
      setUnsaved(false);
    },
    update: (change: (value: T) => T) => setStored((d) => (d ? { ...d, value: change(d.value) } : d)),
  };
}
