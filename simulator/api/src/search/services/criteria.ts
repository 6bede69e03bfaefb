// SearchCriteria as clients send it: strict JSON (`{"11":"x"}`, Go) or with unquoted keys
// (`{11:"x",12:"10/29/2020"}`, Newtonsoft-style, the C# helper library). Single-quoted strings,
// bare numbers and booleans are read too; null and "" mean "no value". A value longer than
// MAX_CRITERION_LENGTH is refused as soon as the reader passes the limit (decision 046): SQLite
// gives up on LIKE patterns over 50,000 characters, and a value of megabytes stalled the loop.
import { MAX_CRITERION_LENGTH } from '@gs/contract/searches';

export class CriteriaSyntaxError extends Error {}
/** A criterion over the length limit: its message is the whole answer. */
export class CriterionTooLongError extends CriteriaSyntaxError {}

type Scalar = string | null;

/** a bare key or value, read where the reader stands (sticky: no copy of the rest of the text) */
const BARE = /[A-Za-z0-9_$.+-]+/y;

class Reader {
  private pos = 0;
  constructor(private readonly text: string) {}

  fail(what: string): never {
    throw new CriteriaSyntaxError(`${what} at position ${this.pos}`);
  }
  tooLong(start: number): never {
    throw new CriterionTooLongError(
      `The SearchCriteria value at position ${start} is longer than ${MAX_CRITERION_LENGTH} characters.`,
    );
  }
  skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] ?? '')) this.pos++;
  }
  peek(): string {
    this.skipSpace();
    return this.text[this.pos] ?? '';
  }
  expect(ch: string): void {
    if (this.peek() !== ch) this.fail(`expected '${ch}'`);
    this.pos++;
  }
  atEnd(): boolean {
    this.skipSpace();
    return this.pos >= this.text.length;
  }

  quoted(): string {
    const quote = this.peek();
    const start = this.pos++;
    let body = '';
    while (this.pos < this.text.length) {
      const ch = this.text[this.pos] ?? '';
      if (ch === quote) {
        this.pos++;
        // a double-quoted string is JSON's; a single-quoted one reads the same escapes
        return quote === '"' ? this.json(this.text.slice(start, this.pos)) : body;
      }
      if (ch === '\\') {
        const next = this.text[this.pos + 1] ?? '';
        const width = next === 'u' ? 6 : 2;
        const escape = this.text.slice(this.pos, this.pos + width);
        body += next === "'" ? "'" : this.json(`"${escape}"`);
        this.pos += width;
        continue;
      }
      body += ch;
      this.pos++;
      if (body.length > MAX_CRITERION_LENGTH) this.tooLong(start);
    }
    return this.fail('unterminated string');
  }

  private json(literal: string): string {
    try {
      return JSON.parse(literal) as string;
    } catch {
      return this.fail('bad escape in a string');
    }
  }

  bare(): string {
    this.skipSpace();
    BARE.lastIndex = this.pos;
    const m = BARE.exec(this.text);
    if (!m) return this.fail('expected a key or a value');
    if (m[0].length > MAX_CRITERION_LENGTH) this.tooLong(this.pos);
    this.pos += m[0].length;
    return m[0];
  }

  scalar(): Scalar {
    const ch = this.peek();
    if (ch === '"' || ch === "'") return this.quoted();
    const word = this.bare();
    if (word === 'null') return null;
    if (word === 'true' || word === 'false' || /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(word))
      return word;
    return this.fail(`unexpected '${word}'`);
  }

  value(): Scalar | Scalar[] {
    if (this.peek() !== '[') return this.scalar();
    this.pos++;
    const items: Scalar[] = [];
    while (this.peek() !== ']') {
      items.push(this.scalar());
      if (this.peek() === ',') this.pos++;
      else if (this.peek() !== ']') this.fail("expected ',' or ']'");
    }
    this.pos++;
    return items;
  }

  key(): string {
    const ch = this.peek();
    return ch === '"' || ch === "'" ? this.quoted() : this.bare();
  }
}

/**
 * Prompt id (or special key) -> entered values. Absent, blank and `{}` are no criteria; empty
 * values are dropped. Arrays carry several values for one prompt.
 */
export function parseSearchCriteria(raw: string | undefined): Map<string, string[]> {
  const criteria = new Map<string, string[]>();
  if (raw === undefined || raw.trim() === '') return criteria;
  const r = new Reader(raw);
  r.expect('{');
  while (r.peek() !== '}') {
    const key = r.key();
    r.expect(':');
    const value = r.value();
    const values = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => v !== null && v.trim() !== '',
    );
    if (values.length > 0) criteria.set(key.trim(), values);
    if (r.peek() === ',') r.expect(',');
    else if (r.peek() !== '}') r.fail("expected ',' or '}'");
  }
  r.expect('}');
  if (!r.atEnd()) r.fail('unexpected text after the object');
  return criteria;
}
