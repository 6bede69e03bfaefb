// A tokenizer of PDF content streams (ISO 32000 §7.2, §7.8.2): numbers, names, literal and hex
// strings, arrays, dictionaries and operators. Inline images (BI ... ID ... EI) are skipped.
export type Operand = number | string | Uint8Array | Operand[] | { name: string } | Map<string, Operand>;

export interface Operation {
  op: string;
  args: Operand[];
}

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

export class ContentLexer {
  private pos = 0;
  constructor(private readonly s: Uint8Array) {}

  private skipSpace(): void {
    while (this.pos < this.s.length) {
      const c = this.s[this.pos] ?? 0;
      if (WHITE.has(c)) this.pos++;
      else if (c === 0x25)
        while (this.pos < this.s.length && this.s[this.pos] !== 0x0a && this.s[this.pos] !== 0x0d) this.pos++;
      else break;
    }
  }

  private word(): string {
    const start = this.pos;
    while (this.pos < this.s.length && !WHITE.has(this.s[this.pos] ?? 0) && !DELIM.has(this.s[this.pos] ?? 0))
      this.pos++;
    return String.fromCharCode(...this.s.subarray(start, this.pos));
  }

  private literal(): Uint8Array {
    const out: number[] = [];
    let depth = 1;
    this.pos++;
    while (this.pos < this.s.length) {
      const c = this.s[this.pos++] ?? 0;
      if (c === 0x5c) {
        const e = String.fromCharCode(this.s[this.pos] ?? 0);
        if (/[0-7]/.test(e)) {
          const oct =
            /^[0-7]{1,3}/.exec(String.fromCharCode(...this.s.subarray(this.pos, this.pos + 3)))?.[0] ?? '0';
          out.push(parseInt(oct, 8) & 0xff);
          this.pos += oct.length;
        } else {
          this.pos++;
          if (e !== '\n' && e !== '\r') out.push(ESCAPES[e] ?? e.charCodeAt(0));
        }
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        if (--depth === 0) break;
        out.push(c);
      } else out.push(c);
    }
    return Uint8Array.from(out);
  }

  private hex(): Uint8Array {
    this.pos++;
    let digits = '';
    while (this.pos < this.s.length && this.s[this.pos] !== 0x3e)
      digits += String.fromCharCode(this.s[this.pos++] ?? 0);
    this.pos++;
    digits = digits.replace(/[^0-9a-fA-F]/g, '');
    if (digits.length % 2) digits += '0';
    return Uint8Array.from(digits.match(/../g) ?? [], (h) => parseInt(h, 16));
  }

  /** The next operand, an operator word (as a string tagged by `op`), or undefined at the end. */
  private next(): { operand: Operand } | { op: string } | undefined {
    this.skipSpace();
    if (this.pos >= this.s.length) return undefined;
    const c = this.s[this.pos] ?? 0;
    const ch = String.fromCharCode(c);
    if (ch === '(') return { operand: this.literal() };
    if (ch === '/') {
      this.pos++;
      return { operand: { name: this.word() } };
    }
    if (ch === '<' && this.s[this.pos + 1] === 0x3c) {
      this.pos += 2;
      return { operand: this.dict() };
    }
    if (ch === '<') return { operand: this.hex() };
    if (ch === '[') {
      this.pos++;
      return { operand: this.array() };
    }
    if (ch === ']' || ch === '>' || ch === ')' || ch === '{' || ch === '}') {
      this.pos++;
      return { op: ch };
    }
    const w = this.word();
    if (w === '') {
      this.pos++;
      return { op: ch };
    }
    return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(w) ? { operand: Number(w) } : { op: w };
  }

  private array(): Operand[] {
    const items: Operand[] = [];
    for (let t = this.next(); t && !('op' in t && t.op === ']'); t = this.next())
      if ('operand' in t) items.push(t.operand);
    return items;
  }

  private dict(): Map<string, Operand> {
    const d = new Map<string, Operand>();
    let key: string | undefined;
    for (let t = this.next(); t && !('op' in t && t.op === '>'); t = this.next()) {
      if (!('operand' in t)) continue;
      if (key === undefined && typeof t.operand === 'object' && 'name' in t.operand) key = t.operand.name;
      else if (key !== undefined) {
        d.set(key, t.operand);
        key = undefined;
      }
    }
    if (this.s[this.pos] === 0x3e) this.pos++;
    return d;
  }

  private skipInlineImage(): void {
    // image data runs from "ID " to a whitespace-delimited "EI"
    const text = Buffer.from(this.s.buffer, this.s.byteOffset, this.s.length);
    const id = text.indexOf('ID', this.pos);
    const end = id < 0 ? -1 : text.indexOf('EI', id + 3);
    this.pos = end < 0 ? this.s.length : end + 2;
  }

  *operations(): Generator<Operation> {
    let args: Operand[] = [];
    for (let t = this.next(); t; t = this.next()) {
      if ('operand' in t) {
        args.push(t.operand);
        continue;
      }
      if (t.op === 'BI') this.skipInlineImage();
      else yield { op: t.op, args };
      args = [];
    }
  }
}
