// Workflows in .gs packages (issues 14 + 16): the workflow tests' Alpha database (Invoice Approval,
// every node kind, bound to Invoices) exported and imported into another database works there
// with its archives and fields mapped; a same-named workflow of the target is kept and the
// package's skipped; a definition the designer refuses rolls back only itself; the reader holds
// the manifest's workflow count and refuses the old seam's entries.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '@gs/simulator-fixtures/testSupport';
import { WorkflowState } from '@gs/contract/searches';
import { WorkflowNodeType as N, type WorkflowDefinition } from '@gs/contract/workflow';
import { addDatabase } from '@gs/simulator-fixtures/builders';
import type { Db } from '../../db/connection';
import { docTable, fieldColumn } from '../../documents/repos/docTables';
import { createRepos } from '../../db/repos';
import { workflowsOf } from '../../testing/packageCompare';
import { everything, exported, importLogger, readBytes, zipped } from '../../testing/packageTrip';
import { makeWorkflowApp, REVIEW, type WorkflowTestApp } from '../../testing/workflowWorld';
import type { World } from '../../testing/testApp';
import { importDocuments } from '../../documents/services/importDocuments';
import { enterWorkflow, takeQueueAction } from '../../workflow/services/workflowEngine';
import { buildPackage } from './packageExport';
import { importPackage } from './packageImport';
import { PackageError } from './packageReader';
import { WORKFLOWS_ENTRY } from './packageWorkflows';

const data = tempDir('package-workflows');
afterAll(() => data.remove());

const NAME = 'Invoice Approval';

/** Alpha's "Send for Approval" starts the workflow; its first invoice waits in Review. */
function startedWorld(): WorkflowTestApp {
  const t = makeWorkflowApp((db: Db, w: World) => {
    db.prepare(
      `INSERT INTO user_actions (database_id, archive_id, action_key, name, workflow_id)
       SELECT ?, ?, 'approve', 'Send for Approval', id FROM workflows WHERE database_id = ? AND name = ?`,
    ).run(w.alpha, w.invoices, w.alpha, NAME);
  });
  const [first] = t.f.docs;
  enterWorkflow(createRepos(t.db), {
    workflowId: t.f.workflowId,
    databaseId: t.w.alpha,
    archiveId: t.w.invoices,
    documentId: first ?? 0,
    userName: 'full.user',
    now: 1,
  });
  return t;
}

const idOf = (t: WorkflowTestApp, table: 'archives' | 'fields', database: number, name: string): number =>
  t.db
    .prepare(`SELECT id FROM ${table} WHERE database_id = ? AND name = ?`)
    .pluck()
    .get(database, name) as number;

describe('workflows in a .gs package', () => {
  it('imports the workflow with its archives, fields and user action mapped, and it works there', async () => {
    const t = startedWorld();
    const { pkg } = await exported(t.db, data.dir, t.w.alpha, 'ALPHA');
    expect(pkg.manifest.Counts.Workflows).toBe(1);
    const log = importLogger();
    const outcome = await importPackage(t.db, data.dir, pkg, everything(pkg, 'AlphaCopy'), log, 0);
    expect(log.lines.filter((l) => !l.startsWith('INFO'))).toEqual([]);
    expect(outcome.failures).toBe(0);
    const copy = outcome.databaseId;
    const own = workflowsOf(t.db, t.w.alpha);
    expect(own.runs).toBe(1);
    expect(own.actions).toEqual([{ action: 'approve', workflow: NAME }]);
    // runs are state: the copied invoices arrive outside any workflow
    expect(workflowsOf(t.db, copy)).toEqual({ ...own, runs: 0 });
    expect(
      t.db.prepare(`SELECT count(*) FROM pdf_workflow_states WHERE database_id = ?`).pluck().get(copy),
    ).toBe(0);

    // an import into the copy's Invoices enters the copied workflow and runs through its nodes
    const repos = createRepos(t.db);
    const invoices = idOf(t, 'archives', copy, 'Invoices');
    const paid = idOf(t, 'archives', copy, 'Paid');
    const amount = idOf(t, 'fields', copy, 'Amount');
    const vendor = idOf(t, 'fields', copy, 'Vendor');
    expect([invoices, paid, amount, vendor]).not.toContain(t.w.invoices);
    const archive = repos.archives.byId(invoices);
    if (!archive) throw new Error('no Invoices in the copy');
    const source = join(data.dir, 'in.pdf');
    writeFileSync(source, '%PDF-1.4\n%%EOF\n');
    const [doc = 0] = await importDocuments(repos, {
      dataDir: data.dir,
      archive,
      rules: [],
      writes: [],
      files: [{ source, name: 'in.pdf' }],
      userName: 'full.user',
      now: 2,
    });
    const workflowId = repos.workflows.idByName(copy, NAME) ?? 0;
    expect(workflowId).not.toBe(t.f.workflowId);
    expect(repos.workflows.activeRun(copy, doc)).toMatchObject({
      workflowId,
      nodeId: REVIEW,
      status: WorkflowState.Queued,
    });
    const column = (field: number) =>
      t.db
        .prepare(`SELECT ${fieldColumn(field)} FROM ${docTable(copy)} WHERE id = ?`)
        .pluck()
        .get(doc);
    expect(column(vendor)).toBe('Checked');
    repos.documentFields.setValue(copy, doc, amount, 50);
    const end = takeQueueAction(repos, {
      databaseId: copy,
      documentId: doc,
      workflowId,
      nodeId: REVIEW,
      actionKey: 'approve',
      userName: 'full.user',
      now: 3,
    });
    expect(end.nodeId).toBe(0);
    expect(
      t.db
        .prepare(`SELECT archive_id FROM ${docTable(copy)} WHERE id = ?`)
        .pluck()
        .get(doc),
    ).toBe(paid);
  });

  it('keeps a same-named workflow of the target and skips the package one with a warning', async () => {
    const t = startedWorld();
    const { pkg } = await exported(t.db, data.dir, t.w.alpha, 'ALPHA');
    const target = addDatabase(t.db, 'Target');
    const mine: WorkflowDefinition = {
      Id: 0,
      Name: NAME.toUpperCase(),
      BoundArchives: [],
      Nodes: [
        { Id: 1, Type: N.Start, Name: 'Begin', Next: 2 },
        { Id: 2, Type: N.End, Name: 'Done' },
      ],
    };
    const repos = createRepos(t.db);
    const id = repos.workflows.save(target, mine);
    const before = repos.workflows.definition({ id, databaseId: target, name: mine.Name });
    const log = importLogger();
    const outcome = await importPackage(t.db, data.dir, pkg, everything(pkg, '', target), log, 0);
    expect(outcome.failures).toBe(0);
    expect(log.lines.filter((l) => !l.startsWith('INFO'))).toEqual([
      `WARN Workflow ${NAME}: a workflow of that name exists in the database; kept as it is, skipped.`,
      `WARN user_actions Send for Approval: workflow_id ${t.f.workflowId}: that workflow was not imported; left unbound.`,
    ]);
    expect(repos.workflows.inDatabase(target).map((w) => w.id)).toEqual([id]);
    expect(repos.workflows.definition({ id, databaseId: target, name: mine.Name })).toEqual(before);
    expect(workflowsOf(t.db, target).actions).toEqual([{ action: 'approve', workflow: '' }]);
  });

  it('rolls back only a workflow the designer would refuse, and logs why', async () => {
    const t = startedWorld();
    const { pkg } = await exported(t.db, data.dir, t.w.alpha, 'ALPHA');
    const broken: WorkflowDefinition = {
      Id: 999,
      Name: 'Broken',
      BoundArchives: [t.w.contracts],
      Nodes: [
        { Id: 1, Type: N.Start, Name: 'Start', Next: 9 },
        { Id: 2, Type: N.End, Name: 'End' },
      ],
    };
    const log = importLogger();
    const outcome = await importPackage(
      t.db,
      data.dir,
      { ...pkg, workflows: [broken, ...pkg.workflows] },
      everything(pkg, 'WithBroken'),
      log,
      0,
    );
    expect(outcome.failures).toBe(1);
    expect(log.lines.filter((l) => l.startsWith('ERROR'))).toEqual([
      'ERROR Workflow Broken: not a valid workflow: Node 1 (Start) leads to node 9, which does not exist. (rolled back)',
    ]);
    expect(
      createRepos(t.db)
        .workflows.inDatabase(outcome.databaseId)
        .map((w) => w.name),
    ).toEqual([NAME]);

    // without the Paid archive the route-to-archive node has nowhere to go
    const choices = everything(pkg, 'WithoutPaid');
    choices.archives.delete(t.w.paid);
    const again = importLogger();
    const partial = await importPackage(t.db, data.dir, pkg, choices, again, 0);
    expect(partial.failures).toBe(1);
    expect(again.lines.filter((l) => l.startsWith('ERROR'))).toEqual([
      `ERROR Workflow ${NAME}: node 7 (File as paid) routes to archive ${t.w.paid}, not imported (rolled back)`,
    ]);
    expect(createRepos(t.db).workflows.inDatabase(partial.databaseId)).toEqual([]);
  });

  it("reads the manifest's workflow count and refuses the old seam's entries", async () => {
    const t = startedWorld();
    const entries = await buildPackage(t.db, {
      databaseId: t.w.alpha,
      acronym: 'ALPHA',
      exportedBy: 'test',
      now: 0,
      dataDir: data.dir,
    });
    expect(entries.map((e) => e.name)).toContain(WORKFLOWS_ENTRY);
    expect(entries.map((e) => e.name).filter((n) => n.startsWith('workflows/'))).toEqual([WORKFLOWS_ENTRY]);
    const [head, ...rest] = entries;
    if (!head || !('data' in head)) throw new Error('no manifest');
    const manifest = JSON.parse(head.data.toString()) as {
      Counts: { Workflows: number };
      Checksums: Record<string, string>;
    };
    const withManifest = (m: object) => [{ name: 'manifest.json', data: Buffer.from(JSON.stringify(m)) }];
    await expect(
      readBytes(
        await zipped([
          ...withManifest({ ...manifest, Counts: { ...manifest.Counts, Workflows: 2 } }),
          ...rest,
        ]),
        data.dir,
      ),
    ).rejects.toThrow(new PackageError(`${WORKFLOWS_ENTRY} holds 1 workflows, the manifest counts 2.`));
    const seam = { name: 'workflows/workflow_runs.json', data: Buffer.from('[]') };
    await expect(
      readBytes(
        await zipped([
          ...withManifest({
            ...manifest,
            Checksums: { ...manifest.Checksums, [seam.name]: 'x' },
          }),
          ...rest,
          seam,
        ]),
        data.dir,
      ),
    ).rejects.toThrow("The package holds an unexpected entry 'workflows/workflow_runs.json'.");
  });
});
