import { afterEach, describe, expect, it } from 'vitest';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Db } from '@gs/simulator-api/db/connection';
import { pidAlive } from './seedLock';
import { copyTemplate, ensureBaked, FINGERPRINT_FILE, prepareSpare, seedFingerprint } from './templates';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** a template folder and a used data folder beside it */
function world() {
  const base = mkdtempSync(join(tmpdir(), 'gs-templates-'));
  dirs.push(base);
  const template = join(base, 'demo');
  const data = join(base, 'data');
  write(join(template, 'simulator.sqlite'), 'fresh database');
  write(join(template, 'files', '1', 'invoice.pdf'), 'pdf');
  write(join(template, 'inboxes', 'Scans', 'scan.tif'), 'tif');
  write(join(template, FINGERPRINT_FILE), 'abc123');
  write(join(data, 'simulator.sqlite'), 'used database');
  write(join(data, 'simulator.sqlite-wal'), 'wal');
  write(join(data, 'files', '1', 'invoice.pdf'), 'edited');
  write(join(data, 'files', '9', 'new.pdf'), 'added by a trainee');
  write(join(data, 'cache', 'thumbs', 't.jpg'), 'thumb');
  write(join(data, 'helper-data', 'users', 'u', 'log.txt'), 'log');
  write(join(data, 'packages', 'staged', '3', 'package.gs'), 'a staged package');
  write(join(data, 'helper', 'cert.pem'), 'the certificate browsers accepted');
  write(join(data, '.trash-1-1', 'old'), 'left by an interrupted reset');
  return { template, data };
}

describe('copying a template into a data folder', () => {
  it('copies the database, hard-links the files, empties caches, keeps the helper certificate', async () => {
    const { template, data } = world();
    await copyTemplate(template, data);
    expect(readFileSync(join(data, 'simulator.sqlite'), 'utf8')).toBe('fresh database');
    expect(statSync(join(data, 'simulator.sqlite')).ino).not.toBe(
      statSync(join(template, 'simulator.sqlite')).ino,
    );
    expect(statSync(join(data, 'files', '1', 'invoice.pdf')).ino).toBe(
      statSync(join(template, 'files', '1', 'invoice.pdf')).ino,
    );
    expect(readFileSync(join(data, 'inboxes', 'Scans', 'scan.tif'), 'utf8')).toBe('tif');
    expect(existsSync(join(data, 'files', '9'))).toBe(false);
    expect(readdirSync(data).sort()).toEqual(['files', 'helper', 'inboxes', 'simulator.sqlite']);
    expect(readFileSync(join(data, 'helper', 'cert.pem'), 'utf8')).toBe('the certificate browsers accepted');
    // the template itself is untouched
    expect(readFileSync(join(template, 'files', '1', 'invoice.pdf'), 'utf8')).toBe('pdf');
  });

  it('renames a ready spare database into place instead of copying, and drops stale spares', async () => {
    const { template, data } = world();
    write(join(data, '.spares', 'demo-old.sqlite'), 'a spare of an older seed');
    await prepareSpare(template, data);
    const spares = readdirSync(join(data, '.spares'));
    expect(spares).toEqual(['demo-abc123.sqlite']);
    const spareInode = statSync(join(data, '.spares', 'demo-abc123.sqlite')).ino;
    await copyTemplate(template, data);
    expect(statSync(join(data, 'simulator.sqlite')).ino).toBe(spareInode);
    expect(readFileSync(join(data, 'simulator.sqlite'), 'utf8')).toBe('fresh database');
    expect(readdirSync(join(data, '.spares'))).toEqual([]);
  });
});

describe('a baked template', () => {
  it('is a copy of its base with the bake applied, made again only when the bake changes', async () => {
    const base = mkdtempSync(join(tmpdir(), 'gs-bake-'));
    dirs.push(base);
    const demo = join(base, 'demo');
    mkdirSync(demo);
    const db = openDatabase(join(demo, 'simulator.sqlite'));
    db.prepare(`INSERT INTO settings(key, value) VALUES ('scenario', 'demo')`).run();
    db.close();
    write(join(demo, 'files', 'a.pdf'), 'pdf');
    write(join(demo, FINGERPRINT_FILE), 'base-1');
    const busy = join(base, 'busy');
    const users = (dir: string) => {
      const d = openDatabase(join(dir, 'simulator.sqlite'));
      try {
        return d.prepare(`SELECT count(*) FROM users`).pluck().get();
      } finally {
        d.close();
      }
    };
    const bake = (d: Db) =>
      void d.prepare(`INSERT INTO users(name, password_hash, license_type) VALUES ('x', '-', 1)`).run();
    // what a bake killed before its rename left aside goes; a live process's is still being made
    const deadPid = [4_194_303, 4_194_301, 4_194_299].find((pid) => !pidAlive(pid))!;
    write(join(base, `busy.baking-${deadPid}`, 'simulator.sqlite'), 'half a copy');
    write(join(base, `busy.baking-${process.ppid}`, 'simulator.sqlite'), 'being copied');
    expect(await ensureBaked(demo, busy, bake, () => undefined)).toBe(true);
    expect(readdirSync(base).sort()).toEqual(['busy', `busy.baking-${process.ppid}`, 'demo']);
    expect(users(busy)).toBe(1);
    expect(users(demo)).toBe(0);
    expect(readFileSync(join(busy, 'files', 'a.pdf'), 'utf8')).toBe('pdf');
    expect(await ensureBaked(demo, busy, bake, () => undefined)).toBe(false);
    const other = (d: Db) =>
      void d.prepare(`INSERT INTO users(name, password_hash, license_type) VALUES ('y', '-', 2)`).run();
    expect(await ensureBaked(demo, busy, other, () => undefined)).toBe(true);
    expect(users(busy)).toBe(1);
  });
});

describe("a template's fingerprint", () => {
  it('differs for a template seeded with another document count, never taken for the full one', () => {
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
    const full = seedFingerprint(root, 'large');
    expect(seedFingerprint(root, 'large', {})).toBe(full);
    const small = seedFingerprint(root, 'large', { documents: 20_000 });
    expect(small).not.toBe(full);
    expect(seedFingerprint(root, 'large', { documents: 20_000 })).toBe(small);
    expect(seedFingerprint(root, 'large', { documents: 20_001 })).not.toBe(small);
  });
});
