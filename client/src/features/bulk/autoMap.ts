// Pre-fills a mapping from the CSV's headers: a column named like a field (case, spaces and
// underscores ignored) maps to it, and the usual names of the archive ID, DocID and file path
// columns map to those. The user can change every choice; nothing is mapped twice.
const squash = (s: string): string => s.toLowerCase().replace(/[\s_\-.]/g, '');

const ALIASES: Record<string, number> = {
  archiveid: 0,
  archive: 0,
  docid: -1,
  documentid: -1,
  doc: -1,
};

/** Column index per target id for the columns whose header names the target. */
export function autoMap(
  columns: readonly string[],
  targets: readonly { id: number; name: string }[],
): Record<number, number> {
  const out: Record<number, number> = {};
  const taken = new Set<number>();
  columns.forEach((header, column) => {
    const key = squash(header);
    const target = targets.find((t) => squash(t.name) === key)?.id ?? ALIASES[key];
    if (target === undefined || target in out || !targets.some((t) => t.id === target) || taken.has(column))
      return;
    out[target] = column;
    taken.add(column);
  });
  return out;
}

/** The column holding the documents' files, by its header; -1 when none looks like one. */
export const fileColumnOf = (columns: readonly string[]): number =>
  columns.findIndex((c) => ['file', 'filepath', 'path', 'filename', 'document'].includes(squash(c)));
