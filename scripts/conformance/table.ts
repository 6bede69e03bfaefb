// The kit's table: one line per check (result, id, what it checks with its wire section), the
// expected and actual status, header or shape under a failure, and the counts.
import type { CheckResult } from './types';

const LABEL = { pass: 'PASS', fail: 'FAIL', pending: 'PENDING', skip: 'SKIP' } as const;

export interface Counts {
  total: number;
  pass: number;
  fail: number;
  pending: number;
  skip: number;
}

export function countOf(results: CheckResult[]): Counts {
  const n = (o: CheckResult['outcome']) => results.filter((r) => r.outcome === o).length;
  return { total: results.length, pass: n('pass'), fail: n('fail'), pending: n('pending'), skip: n('skip') };
}

export function formatTable(results: CheckResult[]): string {
  const idWidth = Math.max(...results.map((r) => r.id.length), 5);
  const lines = [`${'RESULT'.padEnd(8)} ${'CHECK'.padEnd(idWidth)}  WHAT (wire reference section)`];
  for (const r of results) {
    lines.push(`${LABEL[r.outcome].padEnd(8)} ${r.id.padEnd(idWidth)}  ${r.title}`);
    const pad = ' '.repeat(9 + idWidth + 2);
    if (r.outcome === 'pending') lines.push(`${pad}pending: ${r.pending ?? ''} (fails until then)`);
    if (r.detail) lines.push(`${pad}${r.outcome === 'skip' ? 'skipped: ' : ''}${r.detail}`);
    for (const note of r.notes ?? []) lines.push(`${pad}note: ${note}`);
    if (r.expected !== undefined)
      lines.push(`${pad}expected: ${r.expected}`, `${pad}actual:   ${r.actual ?? ''}`);
  }
  const c = countOf(results);
  lines.push(
    '',
    `${c.total} checks: ${c.pass} passed, ${c.fail} failed, ${c.pending} pending (failing until their branch lands), ${c.skip} skipped`,
  );
  return lines.join('\n');
}
