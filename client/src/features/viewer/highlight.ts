// Content-search terms marked in a PDF's text layer: every case-insensitive match inside a text
// span is wrapped in <mark class="viewer__hit">, which shows through the transparent text.
// Terms come as the search ran them ("invoice total", "freight OR fuel"): words of 2+ letters.

const OPERATORS = new Set(['and', 'or', 'not', 'near']);

/** The words to mark from a content-search string. */
export function searchWords(terms: string): string[] {
  const words = terms
    .split(/[\s"'()+,;|&!~*?]+/)
    .map((w) => w.trim())
    .filter((w) => w.length >= 2 && !OPERATORS.has(w.toLowerCase()));
  return [...new Set(words.map((w) => w.toLowerCase()))];
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Wraps the matches of `words` in the text spans under `root`; the number of marks made. */
export function markTerms(root: HTMLElement, words: string[]): number {
  if (!words.length) return 0;
  const pattern = new RegExp(`(${words.map(escape).join('|')})`, 'gi');
  let count = 0;
  for (const span of Array.from(root.querySelectorAll('span'))) {
    if (span.children.length) continue;
    const text = span.textContent ?? '';
    if (!pattern.test(text)) continue;
    pattern.lastIndex = 0;
    const parts = text.split(pattern);
    span.replaceChildren(
      ...parts.map((part, i) => {
        if (i % 2 === 0) return document.createTextNode(part);
        count += 1;
        const mark = document.createElement('mark');
        mark.className = 'viewer__hit';
        mark.textContent = part;
        return mark;
      }),
    );
  }
  return count;
}
