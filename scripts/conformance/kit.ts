// Runs the checks against a server and gathers their outcomes and the recording (wire reference:
// /work/shared/reference/square9api-wire.md, cited per check). The licence group runs last: its
// releases may end the kit's own session on a server where one user's sign-ins share a token.
import { catalogueChecks } from './checks/catalogue';
import { conventionChecks } from './checks/conventions';
import { documentChecks } from './checks/documents';
import { licenceChecks } from './checks/licences';
import { searchChecks } from './checks/searches';
import { writeChecks } from './checks/writes';
import { createdDocs } from './checks/writeTarget';
import { takeNotes } from './expect';
import { discover, type Discovery } from './discover';
import type { Recording } from './record';
import { Mismatch, Skip, type Check, type CheckResult, type Context, type KitOptions } from './types';
import { Wire } from './wire';

export const ALL_CHECKS: Check[] = [
  ...conventionChecks,
  ...catalogueChecks,
  ...searchChecks,
  ...documentChecks,
  ...writeChecks,
  ...licenceChecks,
];

export interface KitRun {
  results: CheckResult[];
  recording: Recording;
}

async function outcomeOf(check: Check, ctx: Context): Promise<CheckResult> {
  const base = { id: check.id, group: check.group, title: check.title, ref: check.ref };
  try {
    await check.run(ctx);
    return { ...base, outcome: 'pass' };
  } catch (err) {
    if (err instanceof Skip) return { ...base, outcome: 'skip', detail: err.message };
    const failure =
      err instanceof Mismatch
        ? { expected: err.expected, actual: err.actual, detail: err.what }
        : { detail: `error: ${err instanceof Error ? err.message : String(err)}` };
    return { ...base, outcome: check.pending ? 'pending' : 'fail', pending: check.pending, ...failure };
  }
}

/** Delete what the write checks left, release every token the kit obtained (not recorded). */
async function cleanUp(ctx: Context, discovery: Promise<Discovery>): Promise<void> {
  const { wire } = ctx;
  const found = await discovery.catch(() => undefined);
  const target = ctx.shared.get('target') as Promise<{ archiveId: number }> | undefined;
  const archive = await target?.catch(() => undefined);
  if (found && archive)
    for (const doc of createdDocs(ctx))
      await wire
        .call('clean up', `dbs/${found.db.Id}/archives/${archive.archiveId}/documents/${doc.id}/delete`, {
          query: { SecureId: doc.hash },
          unrecorded: true,
        })
        .catch(() => undefined);
  for (const token of wire.tokens)
    await wire.call('release', `licenses/${token}`, { unrecorded: true }).catch(() => undefined);
}

export async function runKit(options: KitOptions, checks: Check[] = ALL_CHECKS): Promise<KitRun> {
  const wire = new Wire(options.url, options.user, options.password);
  wire.startCheck('discover');
  const discovery = discover(wire, options);
  discovery.catch(() => undefined);
  const ctx: Context = { wire, options, found: () => discovery, shared: new Map() };
  await discovery.catch(() => undefined);
  const results: CheckResult[] = [];
  try {
    for (const check of checks) {
      if (check.write && !options.write) continue;
      wire.startCheck(check.id);
      takeNotes();
      const result = await outcomeOf(check, ctx);
      const notes = takeNotes();
      results.push(notes.length > 0 ? { ...result, notes } : result);
    }
  } finally {
    await cleanUp(ctx, discovery);
  }
  const recording: Recording = {
    kit: 'square9api-conformance',
    version: 1,
    recordedAt: new Date().toISOString(),
    exchanges: wire.exchanges,
  };
  return { results, recording };
}
