// One seeder per template folder across processes: the test tier's workers, two stacks started at
// once (the two-rooms test, the e2e web server beside a running room) and `npm start` in a second
// terminal all call ensureTemplate on the same folder of a fresh clone. Without the lock each seeded
// its own copy aside (the demo: some 25 s of CPU each) and all but the last rename were thrown
// away; with it the others wait and then find the template current. The lock is a file beside the
// folder naming its holder's pid; a holder that died (a killed test worker) leaves a lock whose pid
// is gone (or a lock older than half an hour), which the next caller takes over. The aside-and-rename of seedTemplate stays what keeps
// a template whole: two processes that both took a stale lock at once only seed twice, as before.
// A seeder that died also leaves its folder aside (`<template>.seeding-<pid>`): the next seeder of
// that template removes it (removeDeadAsides).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** How often a waiting caller looks whether the holder is done. */
const POLL_MS = 200;
/** A lock this old is stale whatever its pid says (the pid may have been reused): seeding the
 * large scenario takes minutes, not half an hour. */
const STALE_MS = 30 * 60_000;

const lockFile = (dir: string): string => `${dir}.lock`;

/** Whether the process the lock names still runs (an empty lock is one being written: alive) and
 * the lock is recent. */
function holderAlive(lock: string): boolean {
  let text: string;
  try {
    if (statSync(lock).mtimeMs < Date.now() - STALE_MS) return false;
    text = readFileSync(lock, 'utf8').trim();
  } catch {
    // released meanwhile
    return false;
  }
  const pid = Number(text);
  if (!text || !Number.isInteger(pid) || pid <= 0) return text === '';
  return pidAlive(pid);
}

/** Whether a process with this pid runs. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Take the seeding lock of the template folder `dir`, waiting while a live process holds it; the
 * answer releases it. Callers check the template again once they hold it: the holder they waited
 * for has usually seeded it.
 */
export async function lockTemplate(dir: string): Promise<() => void> {
  const lock = lockFile(dir);
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => rmSync(lock, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (holderAlive(lock)) await new Promise((done) => setTimeout(done, POLL_MS));
    else rmSync(lock, { force: true });
  }
}

/**
 * Remove what seeds and bakes of `dir` left aside when their process died before the rename (a
 * killed stack or test worker): a large template's is some 750 MB, and its pid is never reused
 * by a later seed's name. Only a dead process's folder goes: a live one may still be writing it.
 */
export function removeDeadAsides(dir: string): void {
  const parent = dirname(dir);
  const template = basename(dir);
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    const kind = ['seeding', 'baking'].find((k) => name.startsWith(`${template}.${k}-`));
    if (!kind) continue;
    const pid = Number(name.slice(template.length + kind.length + 2));
    if (Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !pidAlive(pid))
      rmSync(join(parent, name), { recursive: true, force: true });
  }
}
