// The shape of a JSON answer: its keys (with their casing) and value types, never its values, so a
// recording can be shared without data. Array elements are merged into one shape.
export type Shape =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | { union: Shape[] }
  | { array: Shape | 'empty' }
  | { object: Record<string, Shape> };

const key = (s: Shape): string => JSON.stringify(s);

function merge(a: Shape, b: Shape): Shape {
  if (key(a) === key(b)) return a;
  if (typeof a === 'object' && typeof b === 'object' && 'object' in a && 'object' in b) {
    const out: Record<string, Shape> = { ...a.object };
    for (const [k, v] of Object.entries(b.object)) out[k] = k in out ? merge(out[k] as Shape, v) : v;
    return { object: out };
  }
  if (typeof a === 'object' && typeof b === 'object' && 'array' in a && 'array' in b) {
    if (a.array === 'empty') return b;
    if (b.array === 'empty') return a;
    return { array: merge(a.array, b.array) };
  }
  const members = [a, b].flatMap((s) => (typeof s === 'object' && 'union' in s ? s.union : [s]));
  const unique = new Map(members.map((m) => [key(m), m]));
  return { union: [...unique.values()].sort((x, y) => key(x).localeCompare(key(y))) };
}

export function shapeOf(value: unknown): Shape {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) {
    const elements = value.map(shapeOf);
    const [first, ...rest] = elements;
    return { array: first === undefined ? 'empty' : rest.reduce(merge, first) };
  }
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object': {
      const out: Record<string, Shape> = {};
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = shapeOf(v);
      return { object: out };
    }
    default:
      return 'null';
  }
}

/** The differences between two shapes (`a` the recording, `b` this server), one line each. */
export function shapeDifferences(a: Shape, b: Shape, path = '$'): string[] {
  if (key(a) === key(b)) return [];
  if (typeof a === 'object' && typeof b === 'object' && 'object' in a && 'object' in b) {
    const out: string[] = [];
    const bKeys = Object.keys(b.object);
    for (const [k, v] of Object.entries(a.object)) {
      const same = b.object[k];
      if (same !== undefined) out.push(...shapeDifferences(v, same, `${path}.${k}`));
      else {
        const cased = bKeys.find((o) => o.toLowerCase() === k.toLowerCase() && !(o in a.object));
        out.push(
          cased
            ? `${path}: key casing differs: recording '${k}', this server '${cased}'`
            : `${path}: key '${k}' only in the recording`,
        );
      }
    }
    for (const k of bKeys)
      if (
        !(k in a.object) &&
        !Object.keys(a.object).some((o) => o.toLowerCase() === k.toLowerCase() && !(o in b.object))
      )
        out.push(`${path}: key '${k}' only on this server`);
    return out;
  }
  if (typeof a === 'object' && typeof b === 'object' && 'array' in a && 'array' in b) {
    // an empty list says nothing about its elements: data, not shape
    if (a.array === 'empty' || b.array === 'empty') return [];
    return shapeDifferences(a.array, b.array, `${path}[]`);
  }
  // null on one side (a value absent) is data, not shape, as long as the other types agree
  const members = (s: Shape): string[] =>
    typeof s === 'object' && 'union' in s ? s.union.map(key) : [key(s)];
  const [am, bm] = [members(a), members(b)].map((m) => m.filter((x) => x !== '"null"'));
  const hasNull = [a, b].some((s) => members(s).includes('"null"'));
  const subset = (x: string[], y: string[]) => x.every((m) => y.includes(m));
  if (
    hasNull &&
    (am?.length === 0 || bm?.length === 0 || subset(am ?? [], bm ?? []) || subset(bm ?? [], am ?? []))
  )
    return [];
  return [`${path}: recording ${describe(a)}, this server ${describe(b)}`];
}

export function describe(s: Shape): string {
  if (typeof s === 'string') return s;
  if ('union' in s) return s.union.map(describe).join('|');
  if ('array' in s) return 'an array';
  return 'an object';
}
