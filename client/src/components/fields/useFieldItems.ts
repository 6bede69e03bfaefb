// The items a list field offers: its list (`dbs/{db}/lists/{id}`) for drop-downs and type-aheads,
// or for a dynamic list the server's answer for its parents' current values (refetched when they
// change). Answers are cached for the session. Nothing is asked while the database is not known
// (`db` null or 0): a list of database 0 is a 404 (issue 27, 15).
import { getDynamicListItems, getListItems } from '../../api/lists';
import { useCachedQuery } from '../../api/useApiQuery';
import type { QueryState } from '../../api/useApiQuery';
import { fieldKind, type FieldSpec } from '../../lib/fieldSpec';

/** `parents` are the dynamic list's parent values [first, second]; `db` null = do not load. */
export function useFieldItems(
  db: number | null,
  spec: FieldSpec,
  parents: [string, string] = ['', ''],
): QueryState<string[]> | null {
  const kind = fieldKind(spec);
  const [first, second] = parents;
  const key =
    db === null || db <= 0
      ? null
      : kind === 'dynamic'
        ? `dynamic:${db}:${spec.id}:${first}\u0000${second}`
        : kind !== 'text' && spec.listId > 0
          ? `list:${db}:${spec.listId}`
          : null;
  const [state] = useCachedQuery(key, (http) =>
    kind === 'dynamic'
      ? getDynamicListItems(http, db ?? 0, spec.id, first, second)
      : getListItems(http, db ?? 0, spec.listId),
  );
  return key === null ? null : state;
}

export const MAX_SUGGESTIONS = 100;

/** Type-ahead suggestions: items containing the typed text (those starting with it first), at most 100. */
export function suggestionsFor(items: readonly string[], typed: string): string[] {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return items.slice(0, MAX_SUGGESTIONS);
  const starts = items.filter((i) => i.toLowerCase().startsWith(wanted));
  const contains = items.filter(
    (i) => !i.toLowerCase().startsWith(wanted) && i.toLowerCase().includes(wanted),
  );
  return [...starts, ...contains].slice(0, MAX_SUGGESTIONS);
}
