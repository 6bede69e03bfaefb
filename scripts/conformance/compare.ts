// --compare: hold this server's recording against another one (a real server's, say). Compared:
// which exchanges happened, status codes, the names of the headers kept and their values (masked
// and data-following ones by name only), whether there was a body and its shape: keys with their
// casing and value types. Values never count: a recording holds none.
import { DATA, MASKED, type RecordedExchange, type Recording } from './record';
import { shapeDifferences } from './shape';

export interface Difference {
  key: string;
  what: string;
}

const valueMatters = (a: string, b: string): boolean => ![a, b].some((v) => v.includes(MASKED) || v === DATA);

function exchangeDifferences(a: RecordedExchange, b: RecordedExchange): string[] {
  const out: string[] = [];
  if (a.method !== b.method) out.push(`method: recording ${a.method}, this server ${b.method}`);
  if (a.status !== b.status) out.push(`status: recording ${a.status}, this server ${b.status}`);
  for (const name of new Set([...Object.keys(a.headers), ...Object.keys(b.headers)])) {
    const [x, y] = [a.headers[name], b.headers[name]];
    if (x === undefined) out.push(`header ${name}: only on this server`);
    else if (y === undefined) out.push(`header ${name}: only in the recording`);
    else if (x !== y && valueMatters(x, y)) out.push(`header ${name}: recording '${x}', this server '${y}'`);
  }
  if (a.body !== b.body) out.push(`body: recording ${a.body}, this server ${b.body}`);
  else if (a.shape && b.shape) out.push(...shapeDifferences(a.shape, b.shape));
  return out;
}

/** A repeat of a label within a check (`… #2`): how many there are follows the data (archives
 * walked, searches probed), so one only on one side is not a difference. */
const isRepeat = (key: string): boolean => / #\d+$/.test(key);

/** The differences of `server` from `recording`, exchange by exchange (matched by check and label). */
export function compareRecordings(recording: Recording, server: Recording): Difference[] {
  const theirs = new Map(server.exchanges.map((e) => [e.key, e]));
  const ours = new Map(recording.exchanges.map((e) => [e.key, e]));
  const out: Difference[] = [];
  for (const a of recording.exchanges) {
    const b = theirs.get(a.key);
    if (!b) {
      if (!isRepeat(a.key)) out.push({ key: a.key, what: `${a.method} ${a.path}: only in the recording` });
    } else
      for (const what of exchangeDifferences(a, b))
        out.push({ key: a.key, what: `${a.method} ${a.path}: ${what}` });
  }
  for (const b of server.exchanges)
    if (!ours.has(b.key) && !isRepeat(b.key))
      out.push({ key: b.key, what: `${b.method} ${b.path}: only on this server` });
  return out;
}

export function formatDifferences(diffs: Difference[]): string {
  if (diffs.length === 0) return 'No differences from the recording (masked values are not compared).';
  return [
    `${diffs.length} difference(s) from the recording:`,
    ...diffs.map((d) => `  ${d.key}: ${d.what}`),
  ].join('\n');
}
