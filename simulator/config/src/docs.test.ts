// docs/configuration.md documents exactly the schema's variables, with their forms and defaults.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BEGIN, DOC_FILE, END, variablesTable } from './docs';

/** table rows with their cells trimmed (the formatter may pad the columns) */
const rows = (table: string): string[][] =>
  table
    .trim()
    .split('\n')
    .filter((line) => !/^\|[\s|:-]+\|$/.test(line))
    .map((line) =>
      line
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    );

describe('docs/configuration.md', () => {
  it("holds the schema's table (rewrite it: npx tsx simulator/config/src/docs.ts --write)", () => {
    const doc = readFileSync(DOC_FILE, 'utf8');
    const section = doc.slice(doc.indexOf(BEGIN) + BEGIN.length, doc.indexOf(END));
    expect(rows(section)).toEqual(rows(variablesTable()));
  });
});
