// The simulator's app in process, for the client's tests (issue 29 item 5, decision 082): the
// shared test world (testApp.ts, inboxWorld.ts) on its own copy of the seeded database, and a
// dispatch that hands one request to the Express app through light-my-request: no port, no socket,
// no child process (the unit tier's rule, decision 059). Its types are plain bytes and strings so
// the client's helper (client/src/test/realServer.ts) wraps it in a fetch.
// light-my-request re-parents Express's request and response prototypes on its first call, so a
// module graph that injects must not also serve real HTTP (supertest): the client project only.
import { rmSync } from 'node:fs';
import inject from 'light-my-request';
import type { Express } from 'express';
import { addSearch, documentInserter, grantArchive } from '@gs/simulator-fixtures/builders';
import { ALL_ARCHIVE_PERMISSIONS, Operator } from '@gs/contract/flags';
import type { Db } from '../db/connection';
import { secureId } from '../security/repos/secureIds';
import { seedClientAdmin } from './clientAdminWorld';
import { seedClientDocs, writeClientDocFiles, type ClientDocsWorld } from './clientDocsWorld';
import {
  seedClientIndexing,
  writeClientIndexingFiles,
  type ClientIndexingWorld,
} from './clientIndexingWorld';
import { seedResultsWorld, type ResultsWorld } from './clientResultsWorld';
import { makeInboxApp, type InboxWorld } from './inboxWorld';
import { copiedInboxApp } from './worldCopies';
import type { World } from './testApp';
import { EXCEPTIONS, seedWorkflow, workflowDefinition, type WorkflowWorld } from './workflowWorld';

/** real file bytes for uploads: a PDF or TIFF of empty pages, a scan with its printed words */
export { pdfOf, tiffOf } from './sampleFiles';
export { scanWithWords } from './clientIndexingWorld';

export interface WireRequest {
  method: string;
  /** path and query, e.g. /Square9API/api/dbs?x=1 */
  url: string;
  headers: [string, string][];
  body: Uint8Array | null;
}

export interface WireReply {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
}

export type Dispatch = (request: WireRequest) => Promise<WireReply>;

/** One request to `app`, answered as the HTTP server would answer it. */
export function dispatchTo(app: Express): Dispatch {
  return async (request) => {
    const reply = await inject(app, {
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      ...(request.body ? { payload: Buffer.from(request.body) } : {}),
    });
    const headers: [string, string][] = [];
    for (const [name, value] of Object.entries(reply.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) headers.push([name, String(one)]);
    }
    return { status: reply.statusCode, headers, body: new Uint8Array(reply.rawPayload) };
  };
}

/** The ids of the client tests' world: testApp's World, inboxWorld's inboxes and one search. */
export interface ClientWorld extends World, Omit<InboxWorld, 'dataDir'> {
  /** Alpha's "By vendor" search on Invoices (prompt: Vendor) */
  byVendor: number;
  /** workflowWorld's invoices and workflow, when asked for, and three contracts it also takes */
  workflow: (WorkflowWorld & { contracts: number[] }) | null;
  /** clientDocsWorld.ts's archives, documents and inboxes, when asked for */
  docs: ClientDocsWorld | null;
  /** clientResultsWorld's Payables, its searches and documents, when asked for */
  results: ResultsWorld | null;
  /** clientAdminWorld.ts's additions, when asked for (`admin` is testApp's administrator) */
  adminConsole: { history: number } | null;
  /** clientIndexingWorld.ts's archives, fields and viewer document, when asked for */
  indexing: ClientIndexingWorld | null;
}

export interface ClientWorldOptions {
  /**
   * seed workflowWorld.ts: six invoices and the "Invoice Approval" workflow (no task yet), as
   * seedClientWorkflow changes it
   */
  workflow?: boolean;
  /** seed clientDocsWorld.ts: documents with files to copy, move, merge, update and export */
  docs?: boolean;
  /** seed clientResultsWorld.ts: the results page's archive, searches, documents and history */
  results?: boolean;
  /** seed clientAdminWorld.ts: the multi-database licence and 60 history entries in Invoices */
  admin?: boolean;
  /** seed clientIndexingWorld.ts: archives to index into, burst into and view (seeded once, copied) */
  indexing?: boolean;
}

export interface InProcessServer {
  dispatch: Dispatch;
  w: ClientWorld;
  /** a document's secure id (its Hash on the wire) */
  hashOf(database: number, document: number): string;
  /** moves the server's clock (licences expire, history is dated) */
  advance(ms: number): void;
  /** removes the data folder */
  close(): void;
}

/**
 * workflowWorld's workflow, also bound to Contracts (three documents there, full.user's in full),
 * with full.user also working Exceptions: one user, two queues, tasks in two archives.
 */
function seedClientWorkflow(db: Db, w: World): ClientWorld['workflow'] {
  const definition = workflowDefinition(w);
  definition.BoundArchives = [w.invoices, w.contracts];
  for (const node of definition.Nodes)
    if (node.Id === EXCEPTIONS) node.UsersAndGroups = [...(node.UsersAndGroups ?? []), 'full.user'];
  grantArchive(db, w.contracts, w.full, ALL_ARCHIVE_PERMISSIONS);
  const insert = documentInserter(db, w.alpha, [w.vendor]);
  const contracts = ['North', 'South', 'East'].map((vendor) =>
    insert({
      archiveId: w.contracts,
      ...{ filePath: '', fileType: '.pdf', fileSize: 0, pageCount: 1, createdAt: 0 },
      values: { [w.vendor]: vendor },
    }),
  );
  return { ...seedWorkflow(db, w, definition), contracts };
}

/**
 * A fresh app on its own copy of the world (the seeded database is built once per module graph,
 * testApp.ts): the users, databases and archives of the API tests, their inboxes and a search.
 */
export function clientWorldServer(options: ClientWorldOptions = {}): InProcessServer {
  // the results and indexing worlds are seeded once per module graph and copied (worldCopies.ts)
  const { results = false, indexing = false, workflow = false, docs = false } = options;
  const make: typeof makeInboxApp =
    results || indexing
      ? (extra) =>
          copiedInboxApp(`results=${results},indexing=${indexing},workflow=${workflow},docs=${docs}`, extra)
      : makeInboxApp;
  const t = make((db, w) => ({
    byVendor: addSearch(db, w.alpha, {
      name: 'By vendor',
      archiveId: w.invoices,
      prompts: [{ fieldId: w.vendor, operator: Operator.Contains, prompt: 'Vendor' }],
    }),
    workflow: options.workflow ? seedClientWorkflow(db, w) : null,
    docs: options.docs ? seedClientDocs(db, w) : null,
    results: options.results ? seedResultsWorld(db, w) : null,
    adminConsole: options.admin ? seedClientAdmin(db, w) : null,
    indexing: indexing ? seedClientIndexing(db, w) : null,
  }));
  const { dataDir, ...inboxes } = t.i;
  if (options.docs) writeClientDocFiles(dataDir, t.w);
  if (indexing) writeClientIndexingFiles(dataDir, t.w);
  return {
    dispatch: dispatchTo(t.app),
    w: { ...t.w, ...inboxes, ...t.x },
    hashOf: (database, document) => secureId(t.secret, 'doc', database, document),
    advance: (ms) => t.clock.advance(ms),
    // the in-memory database is left to the garbage collector, as the route tests leave theirs: a
    // request still in flight when the test ends (a keep-alive, a poll) finds it open
    close: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
