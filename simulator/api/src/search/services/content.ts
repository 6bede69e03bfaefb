// Content-search terms as typed -> an FTS5 query: words ANDed, "quoted phrases" kept together,
// a trailing * for a prefix. Every term is quoted, so FTS5 syntax in user text is inert.
const TERM = /"([^"]*)"|(\S+)/g;

export function contentQuery(text: string): string | undefined {
  const terms: string[] = [];
  for (const m of text.matchAll(TERM)) {
    const phrase = m[1] !== undefined;
    let term = (m[1] ?? m[2] ?? '').trim();
    const prefix = !phrase && term.endsWith('*');
    term = term.replace(/\*+$/, '');
    // a term of punctuation only would match nothing and make FTS5 complain
    if (!/[\p{L}\p{N}]/u.test(term)) continue;
    terms.push(`"${term.replace(/"/g, '""')}"${prefix ? '*' : ''}`);
  }
  return terms.length ? terms.join(' ') : undefined;
}
