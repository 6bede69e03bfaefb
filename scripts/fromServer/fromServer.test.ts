// Unit tests of the seed's pure parts: Retry-After, the time left, wire dates back to stored ones,
// synthesised values against their field's rules, and the scenarios a templates folder offers.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FieldProp, FieldType } from '@gs/contract/flags';
import { createRng } from '@gs/simulator-fixtures/random';
import { roomScenarios } from '../lib/scenarios';
import { pidAlive } from '../lib/seedLock';
import type { SnapDatabase, SnapField } from './model';
import { Progress } from './progress';
import { retryAfterMs, Source } from './source';
import { reshape, synthValues } from './synthValues';
import { FROM_SERVER_FILE, fromServerScenarios, startTemplate } from './template';
import { storedDate, storedValue } from './writeDocuments';

const dir = mkdtempSync(join(tmpdir(), 'gs-from-server-unit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('Retry-After', () => {
  it('reads seconds and HTTP dates, and nothing from an absent header', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('Fri, 27 Nov 2026 10:00:05 GMT', Date.parse('2026-11-27T10:00:00Z'))).toBe(5000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('the source client', () => {
  it('waits as Retry-After asks on a 429, sends GET only, and gives up after its retries', async () => {
    const methods: string[] = [];
    let calls = 0;
    const server = createServer((req, res) => {
      methods.push(req.method ?? '');
      calls++;
      if (req.url?.startsWith('/api/busy') || calls === 1) {
        res.writeHead(429, { 'Retry-After': '7' });
        return void res.end();
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"Databases":[]}');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const waits: number[] = [];
      const source = new Source({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`,
        user: 'u',
        password: 'p',
        retries: 2,
        sleep: async (ms) => void waits.push(ms),
      });
      expect(await source.json('dbs')).toEqual({ Databases: [] });
      expect(waits).toEqual([7000]);
      await expect(source.json('busy')).rejects.toThrow(/^429 on GET busy/);
      expect(waits).toEqual([7000, 7000, 7000]);
      expect(source.backoffs).toBe(3);
      expect(new Set(methods)).toEqual(new Set(['GET']));
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});

describe('progress', () => {
  it('tells the time left from the pace so far', () => {
    let t = 0;
    const lines: string[] = [];
    const p = new Progress(
      (l) => lines.push(l),
      () => t,
    );
    p.begin('copying documents', 10);
    t = 4000;
    p.step(2);
    expect(p.secondsLeft()).toBe(16);
    expect(p.line()).toMatch(/^copying documents \(2\/10\): .* about 16 s left$/);
  });
});

describe('wire values back to stored ones', () => {
  it('turns dates with and without a time of day into the stored ISO text', () => {
    expect(storedDate('12/31/2025 12:32:00 PM')).toBe('2025-12-31T12:32:00');
    expect(storedDate('1/2/2026 12:05:09 AM')).toBe('2026-01-02T00:05:09');
    expect(storedDate('2/3/2024')).toBe('2024-02-03');
    expect(storedDate('13/45/2024')).toBeUndefined();
    expect(storedValue(FieldType.Decimal, '$1,204.50')).toBe(1204.5);
    expect(storedValue(FieldType.Integer, '42')).toBe(42n);
  });
});

const field = (id: number, name: string, more: Partial<SnapField> = {}): SnapField => ({
  id,
  name,
  type: FieldType.Character,
  size: 50,
  mask: '',
  regex: '',
  regexMessage: '',
  prop: 0,
  listId: 0,
  parentId: 0,
  listF1: 0,
  listF2: 0,
  ...more,
});

describe('synthesised values', () => {
  const db: SnapDatabase = {
    id: 1,
    name: 'Finance',
    fields: [
      field(1, 'Vendor Number', { regex: '^V\\d{5}$', size: 6, prop: FieldProp.Required }),
      field(2, 'Department', { listId: 10, prop: FieldProp.DropdownList | FieldProp.Required }),
      field(3, 'Cost Center', {
        listId: 11,
        prop: FieldProp.DynamicList | FieldProp.Required,
        parentId: 2,
        listF1: 2,
      }),
      field(4, 'Invoice Number', { size: 10, prop: FieldProp.Required }),
      field(5, 'Amount', { type: FieldType.Decimal, prop: FieldProp.Required }),
      field(6, 'Date Entered', { type: FieldType.Date, prop: FieldProp.DateEntered }),
      field(7, 'GL Codes', {
        prop: FieldProp.MultiValue | FieldProp.DropdownList | FieldProp.Required,
        listId: 12,
      }),
    ],
    lists: [
      { id: 10, name: 'Departments', items: ['Sales', 'Finance', 'Warehouse'] },
      { id: 11, name: 'All centres', items: ['S-1', 'F-1'] },
      { id: 12, name: 'GL', items: ['1400-000', '6120-000'] },
      { id: 13, name: 'Sales centres', items: ['S-1', 'S-2'] },
      { id: 14, name: 'Finance centres', items: ['F-1'] },
    ],
    mappings: [
      { fieldId: 3, primary: 'Sales', secondary: '', listId: 13 },
      { fieldId: 3, primary: 'Finance', secondary: '', listId: 14 },
    ],
    tableFields: [],
    archives: [],
    searches: [],
  };
  const seen = new Map([['1:4', ['INV-104282', '25-007447']]]);

  it('fit each field: regex, list, dynamic list by its parent, shape of seen values, no system field', () => {
    const rng = createRng('unit');
    for (let i = 0; i < 200; i++) {
      const values = new Map(
        synthValues({ db, rng, seen, now: Date.UTC(2026, 10, 27) }, [1, 2, 3, 4, 5, 6, 7]).map((v) => [
          v.id,
          v,
        ]),
      );
      expect(values.get(1)?.val).toMatch(/^V\d{5}$/);
      const dept = values.get(2)?.val ?? '';
      // a parent is only given values its dynamic child has items for
      expect(['Sales', 'Finance']).toContain(dept);
      expect(dept === 'Sales' ? ['S-1', 'S-2'] : ['F-1']).toContain(values.get(3)?.val);
      expect(values.get(4)?.val).toMatch(/^(?:[A-Z]{3}-\d{6}|\d{2}-\d{6})$/);
      expect(values.get(4)?.val).not.toMatch(/^(INV-104282|25-007447)$/);
      expect(values.get(5)?.val).toMatch(/^\d+\.\d{2}$/);
      expect(values.has(6)).toBe(false);
      const gl = values.get(7)?.mval ?? [];
      expect(gl.length).toBeGreaterThan(0);
      gl.forEach((g) => expect(['1400-000', '6120-000']).toContain(g));
    }
  });

  it('reshape keeps punctuation and character classes only', () => {
    const v = reshape(createRng(1), 'Ab-12 z');
    expect(v).toMatch(/^[A-Z][a-z]-\d\d [a-z]$/);
  });
});

describe('scenarios of a templates folder', () => {
  it('offers the templates made from servers beside the built-in ones, and nothing else', () => {
    mkdirSync(join(dir, 'acme'));
    writeFileSync(join(dir, 'acme', FROM_SERVER_FILE), '{}');
    mkdirSync(join(dir, 'demo'));
    mkdirSync(join(dir, 'half.seeding-12'));
    writeFileSync(join(dir, 'half.seeding-12', FROM_SERVER_FILE), '{}');
    expect(fromServerScenarios(dir)).toEqual(['acme']);
    const names = roomScenarios(dir).map((s) => s.name);
    expect(names).toContain('demo');
    expect(names.filter((n) => n === 'demo')).toHaveLength(1);
    expect(roomScenarios(dir).find((s) => s.name === 'acme')).toMatchObject({
      template: 'acme',
      fromServer: true,
    });
  });
});

describe('a template made from a server', () => {
  it('removes what a run killed before its rename left aside, not what a live one is writing', () => {
    const base = join(dir, 'killed-runs');
    const deadPid = [4_194_303, 4_194_301, 4_194_299].find((pid) => !pidAlive(pid))!;
    mkdirSync(join(base, `acme.seeding-${deadPid}`, 'files'), { recursive: true });
    mkdirSync(join(base, `acme.seeding-${process.ppid}`), { recursive: true });
    const writer = startTemplate(base, 'acme', false);
    writer.abandon();
    expect(readdirSync(base).sort()).toEqual([`acme.seeding-${process.ppid}`]);
  });
});
