// The table of docs/configuration.md, made from the schema (docs.test.ts holds the file to it).
// Rewrite it: npx tsx simulator/config/src/docs.ts --write
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PROGRAM_NAMES, VARIABLES, type Variable } from './variables';

export const DOC_FILE = fileURLToPath(new URL('../../../docs/configuration.md', import.meta.url));
export const BEGIN = '<!-- variables: begin (made from simulator/config/src/variables.ts) -->';
export const END = '<!-- variables: end -->';

const shown = (v: Variable<unknown>): string => {
  if (v.defaultText !== undefined) return v.defaultText;
  if (Array.isArray(v.fallback)) return v.fallback.join(',');
  return String(v.fallback);
};
const cell = (s: string): string => s.replaceAll('|', '\\|');

export function variablesTable(): string {
  const rows = Object.entries(VARIABLES).map(([name, v]: [string, Variable<unknown>]) =>
    [
      `\`${name}\``,
      cell(v.form.form),
      cell(shown(v)),
      cell(v.about),
      v.readBy.map((p) => PROGRAM_NAMES[p]).join(', '),
    ].join(' | '),
  );
  return [
    '| Variable | Accepted form | Default | What it does | Read by |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}

/** The document with its table section replaced by the schema's table. */
export function withTable(doc: string): string {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/configuration.md lacks the ${BEGIN} … ${END} markers`);
  return `${doc.slice(0, begin + BEGIN.length)}\n${variablesTable()}\n${doc.slice(end)}`;
}

if (process.argv.includes('--write')) writeFileSync(DOC_FILE, withTable(readFileSync(DOC_FILE, 'utf8')));
