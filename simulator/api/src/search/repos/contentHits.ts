// Hits of a content search in one document: how many times its terms occur in the text, counted
// the way the FTS5 unicode61 tokenizer reads both (letters and digits, case and accents folded).
// Counting here costs microseconds a document; asking FTS5 (highlight with a rowid filter) costs
// a doclist walk per document, milliseconds for a common term on a million documents.

const tokens = (text: string): string[] =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

interface Phrase {
  words: string[];
  prefix: boolean;
}

/** The phrases of an FTS5 query as contentQuery writes it: `"a b" "c"*`. */
export function phrasesOf(ftsQuery: string): Phrase[] {
  return [...ftsQuery.matchAll(/"((?:[^"]|"")*)"(\*)?/g)]
    .map((m) => ({ words: tokens((m[1] ?? '').replace(/""/g, '"')), prefix: m[2] === '*' }))
    .filter((p) => p.words.length > 0);
}

export function countHits(text: string, phrases: Phrase[]): number {
  const words = tokens(text);
  let hits = 0;
  for (const { words: phrase, prefix } of phrases) {
    const last = phrase.length - 1;
    for (let i = 0; i + last < words.length; i++) {
      const at = (k: number): boolean =>
        k === last && prefix ? (words[i + k] ?? '').startsWith(phrase[k] ?? '') : words[i + k] === phrase[k];
      if (phrase.every((_w, k) => at(k))) hits++;
    }
  }
  return hits;
}
