// Reading a .gs package (docs/gs-package.md) from its file before anything is written
// (decision 042): a zip that cannot be read or whose central directory is refused
// (packageZip.ts: names, count, sizes), a missing or unknown manifest, an entry the manifest does
// not list or that is missing, an entry whose SHA-256 differs from the manifest's, or JSON of the
// wrong shape is a corrupted package (PackageError). The catalogue, principals, stamps and
// workflows are read into memory; the entries that grow with the documents (the index and the
// annotations) are read through as streams, checked line by line and row by row and hashed, and
// not kept (packageEntries.ts; the import reads them again, decision 048); the document files are
// hashed as streams (at staging; a package read again after a restart skips that), and hashed
// again while the import copies them out (packageFiles.ts).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PACKAGE_FORMAT_VERSION, type ImportUser, type PackageManifest } from '@gs/contract/admin/packages';
import { WorkflowNodeType } from '@gs/contract/workflow';
import type { Package } from './packageModel';
import { ANNOTATIONS_ENTRY, INDEX_ENTRY, annotationRows, documentLines, rowSchema } from './packageEntries';
import { PackageError, isDocumentFile, openPackageZip, type PackageZip } from './packageZip';
import { WORKFLOWS_ENTRY } from './packageWorkflows';
import { TABLES, type PackageRow } from './packageTables';

export { PackageError };

/** The JSON entries held in memory (all but the document files, the index and the annotations). */
type JsonEntries = Map<string, Buffer>;

const rows = z.array(rowSchema);
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

function parseJson<T>(entries: JsonEntries, name: string, schema: z.ZodType<T>, fallback?: T): T {
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

/** The manifest, every entry listed in it and present, and the JSON entries with their bytes checked. */
async function readChecked(
  zip: PackageZip,
  files: boolean,
): Promise<{ manifest: PackageManifest; entries: JsonEntries }> {
  const head = await zip.read('manifest.json');
  const entries: JsonEntries = new Map(head ? [['manifest.json', head]] : []);
  const manifest = parseJson(entries, 'manifest.json', manifestSchema);
  if (manifest.FormatVersion !== PACKAGE_FORMAT_VERSION)
    throw new PackageError(
      `The package format ${manifest.FormatVersion} is not supported (this server reads ${PACKAGE_FORMAT_VERSION}).`,
    );
  for (const name of zip.entries.keys()) {
    if (name === 'manifest.json') continue;
    const want = manifest.Checksums[name];
    if (!want) throw new PackageError(`The entry ${name} is not listed in the manifest.`);
    if (isDocumentFile(name)) {
      if (files && (await zip.sha256(name)) !== want)
        throw new PackageError(`The entry ${name} is damaged (its checksum differs from the manifest's).`);
      continue;
    }
    if (name === INDEX_ENTRY) {
      // every line read, checked (its file in the directory) and dropped; the bytes hashed
      for await (const _line of documentLines(zip, want));
      continue;
    }
    if (name === ANNOTATIONS_ENTRY) {
      for await (const _row of annotationRows(zip, want));
      continue;
    }
    const data = (await zip.read(name)) ?? Buffer.alloc(0);
    if (createHash('sha256').update(data).digest('hex') !== want)
      throw new PackageError(`The entry ${name} is damaged (its checksum differs from the manifest's).`);
    entries.set(name, data);
  }
  for (const name of Object.keys(manifest.Checksums))
    if (!zip.entries.has(name)) throw new PackageError(`The entry ${name} is missing.`);
  return { manifest, entries };
}

export interface ReadOptions {
  /** hash every document file against the manifest (default true; false for a package already checked) */
  files?: boolean;
}

/** The package in the file at `path`, checked as above; PackageError says what is wrong. */
export async function readPackage(path: string, options: ReadOptions = {}): Promise<Package> {
  const zip = await openPackageZip(path);
  try {
    const { manifest, entries } = await readChecked(zip, options.files ?? true);
    const tables: Record<string, PackageRow[]> = {};
    for (const spec of TABLES)
      tables[spec.table] = parseJson(entries, `catalog/${spec.table}.json`, rows, []);
    const users: ImportUser[] = parseJson(entries, 'principals/users.json', z.array(userSchema), []);
    const groups: ImportUser[] = parseJson(entries, 'principals/groups.json', z.array(userSchema), []);
    const workflows = parseJson(entries, WORKFLOWS_ENTRY, z.array(workflowSchema), []);
    if (workflows.length !== manifest.Counts.Workflows)
      throw new PackageError(
        `${WORKFLOWS_ENTRY} holds ${workflows.length} workflows, the manifest counts ${manifest.Counts.Workflows}.`,
      );
    return {
      path,
      manifest,
      tables,
      users,
      groups,
      stamps: parseJson(entries, 'stamps.json', z.array(z.string()), []),
      workflows,
    };
  } finally {
    zip.close();
  }
}
