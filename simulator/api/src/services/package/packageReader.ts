// Reading a .gs package (docs/gs-package.md) with yauzl, all of it before anything is written:
// a zip that cannot be read, a missing or unknown manifest, an entry whose SHA-256 differs from
// the manifest's, an entry the manifest does not list, or JSON of the wrong shape is a corrupted
// package (PackageError), so an import never starts from half a package.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { z } from 'zod';
import { PACKAGE_FORMAT_VERSION, type ImportUser, type PackageManifest } from '@gs/contract/admin/packages';
import { WorkflowNodeType } from '@gs/contract/workflow';
import type { DocumentLine, Package } from './packageModel';
import { WORKFLOWS_ENTRY } from './packageWorkflows';
import { TABLES, type PackageRow } from './packageTables';

export class PackageError extends Error {}

const MAX_ENTRIES = 1_000_000;
const SAFE_ENTRY =
  /^(manifest\.json|stamps\.json|catalog\/[a-z_]+\.json|principals\/(users|groups)\.json|documents\/(index\.ndjson|annotations\.json|files\/[0-9]+(\.[a-z0-9]+)?)|workflows\/definitions\.json)$/;

const cell = z.union([z.string(), z.number(), z.null()]);
const rows = z.array(z.record(z.string(), cell));
const counts = z.object({
  Archives: z.number(),
  Fields: z.number(),
  TableFields: z.number(),
  Lists: z.number(),
  Searches: z.number(),
  Stamps: z.number(),
  Users: z.number(),
  Groups: z.number(),
  Documents: z.number(),
  Workflows: z.number(),
});
const manifestSchema = z.object({
  FormatVersion: z.number(),
  Acronym: z.string(),
  Source: z.object({
    Product: z.string(),
    DatabaseName: z.string(),
    DatabaseID: z.number(),
    ExportedAt: z.string(),
    ExportedBy: z.string(),
  }),
  Counts: counts,
  Checksums: z.record(z.string(), z.string()),
});
const userSchema = z.object({
  Name: z.string().min(1),
  Password: z.string(),
  Email: z.string(),
  License: z.number(),
  Type: z.number(),
  SecurityLevel: z.number(),
  SecurityList: z.array(z.object({ TemplateName: z.string(), SecurityLevel: z.number() })),
  Users: z.array(z.string()),
  Exists: z.boolean(),
});
const lineSchema = z.object({
  id: z.number(),
  archive_id: z.number(),
  file: z.string(),
  file_type: z.string(),
  file_size: z.number(),
  page_count: z.number(),
  version: z.number(),
  root_version_id: z.number(),
  created_at: z.number(),
  modified_at: z.number(),
  values: z.record(z.string(), cell),
  multi: z.record(z.string(), z.array(z.string())),
  text: z.string().optional(),
});

// a workflow as the designer stores it; the import checks it as POST workflowdesigner does
const nodeId = z.number().int();
const workflowSchema = z.object({
  Id: z.number().int(),
  Name: z.string().min(1),
  BoundArchives: z.array(z.number().int()),
  Nodes: z.array(
    z.object({
      Id: nodeId,
      Type: z.enum(WorkflowNodeType),
      Name: z.string(),
      UsersAndGroups: z.array(z.string()).optional(),
      Actions: z.array(z.object({ Key: z.string(), Name: z.string(), Next: nodeId })).optional(),
      FieldId: nodeId.optional(),
      Operator: z.number().int().optional(),
      Value: z.string().optional(),
      True: nodeId.optional(),
      False: nodeId.optional(),
      ArchiveId: nodeId.optional(),
      Next: nodeId.optional(),
    }),
  ),
});

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Every entry of the zip, by name. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, {
    lazyEntries: true,
    autoClose: false,
    strictFileNames: true,
  });
  const out = new Map<string, Buffer>();
  try {
    const entries: yauzl.Entry[] = [];
    await new Promise<void>((done, fail) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entries.length >= MAX_ENTRIES)
          return fail(new PackageError('The package holds too many entries.'));
        entries.push(entry);
        zip.readEntry();
      });
      zip.once('end', () => done());
      zip.once('error', fail);
      zip.readEntry();
    });
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      if (!SAFE_ENTRY.test(entry.fileName))
        throw new PackageError(`The package holds an unexpected entry '${entry.fileName}'.`);
      out.set(entry.fileName, await readStream(await zip.openReadStreamPromise(entry)));
    }
  } finally {
    zip.close();
  }
  return out;
}

function parseJson<T>(entries: Map<string, Buffer>, name: string, schema: z.ZodType<T>, fallback?: T): T {
  const data = entries.get(name);
  if (!data) {
    if (fallback !== undefined) return fallback;
    throw new PackageError(`The package has no ${name}.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch {
    throw new PackageError(`${name} is not JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new PackageError(`${name} is not what a package holds: ${parsed.error.issues[0]?.message ?? ''}`);
  return parsed.data;
}

function checkManifest(entries: Map<string, Buffer>): PackageManifest {
  const manifest = parseJson(entries, 'manifest.json', manifestSchema);
  if (manifest.FormatVersion !== PACKAGE_FORMAT_VERSION)
    throw new PackageError(
      `The package format ${manifest.FormatVersion} is not supported (this server reads ${PACKAGE_FORMAT_VERSION}).`,
    );
  for (const [name, data] of entries) {
    if (name === 'manifest.json') continue;
    const want = manifest.Checksums[name];
    if (!want) throw new PackageError(`The entry ${name} is not listed in the manifest.`);
    if (createHash('sha256').update(data).digest('hex') !== want)
      throw new PackageError(`The entry ${name} is damaged (its checksum differs from the manifest's).`);
  }
  for (const name of Object.keys(manifest.Checksums))
    if (!entries.has(name)) throw new PackageError(`The entry ${name} is missing.`);
  return manifest;
}

function readDocuments(entries: Map<string, Buffer>): DocumentLine[] {
  const text = entries.get('documents/index.ndjson')?.toString('utf8') ?? '';
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l, i) => {
      let value: unknown;
      try {
        value = JSON.parse(l);
      } catch {
        throw new PackageError(`documents/index.ndjson line ${i + 1} is not JSON.`);
      }
      const parsed = lineSchema.safeParse(value);
      if (!parsed.success) throw new PackageError(`documents/index.ndjson line ${i + 1} is not a document.`);
      if (parsed.data.file && !entries.has(parsed.data.file))
        throw new PackageError(`The file ${parsed.data.file} of document ${parsed.data.id} is missing.`);
      return parsed.data;
    });
}

/** The package in `bytes`, checked throughout; PackageError says what is wrong. */
export async function readPackage(bytes: Buffer): Promise<Package> {
  let entries: Map<string, Buffer>;
  try {
    entries = await unzip(bytes);
  } catch (e) {
    if (e instanceof PackageError) throw e;
    throw new PackageError(
      `The package is not a readable zip: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  const manifest = checkManifest(entries);
  const tables: Record<string, PackageRow[]> = {};
  for (const spec of TABLES) tables[spec.table] = parseJson(entries, `catalog/${spec.table}.json`, rows, []);
  const users: ImportUser[] = parseJson(entries, 'principals/users.json', z.array(userSchema), []);
  const groups: ImportUser[] = parseJson(entries, 'principals/groups.json', z.array(userSchema), []);
  const workflows = parseJson(entries, WORKFLOWS_ENTRY, z.array(workflowSchema), []);
  if (workflows.length !== manifest.Counts.Workflows)
    throw new PackageError(
      `${WORKFLOWS_ENTRY} holds ${workflows.length} workflows, the manifest counts ${manifest.Counts.Workflows}.`,
    );
  const files = new Map([...entries].filter(([n]) => n.startsWith('documents/files/')));
  return {
    manifest,
    tables,
    users,
    groups,
    stamps: parseJson(entries, 'stamps.json', z.array(z.string()), []),
    documents: readDocuments(entries),
    annotations: parseJson(entries, 'documents/annotations.json', rows, []),
    files,
    workflows,
  };
}
