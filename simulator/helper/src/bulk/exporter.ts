// The export utility (spec §3, §5): the documents (Docs, or a search's results) are exported by
// the API as one zip with their index data (POST dbs/{db}/export?alwaysExportZip=true, polled),
// then written into `exports\{FilePath}` of the helper's data folder, each named by the Filename
// pattern whose brace tokens take the document's values ({Field name}, {DocID}, {ArchiveID},
// {ArchiveName}, {Date}). ConvertToBW thresholds images, ConvertToPDF wraps images in a PDF;
// ExportWithCSV also writes the index data as CSV (only the export profile's fields with
// ExportWithMappedFields). WithAnnotations asks the API for annotated documents as PDFs with their
// annotations drawn on (`WithAnnotations=true` on the export: annotationBurnIn.ts of the API).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { parse } from 'csv-parse/sync';
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import {
  BULK_FILENAME_PATTERN,
  BULK_FOLDERS,
  BULK_FOLDER_PATTERN,
  BulkErrorKey,
  type BulkResolveResponse,
  type ExportProfile,
} from '@gs/contract/helperBulk';
import type { FieldDefinition } from '@gs/contract/fields';
import { ApiFailure, openApi, type ApiClient } from './api';
import type { BulkContext } from './context';
import { BulkError, bulkError } from './errors';
import type { Job } from './jobs';
import type { Options } from './options';
import { eachEntry } from './zip';

export interface PreparedExport {
  o: Options;
  api: ApiClient;
  docs: { ArchiveID: number; DocID: number }[];
  outDir: string;
}

const IMAGES = new Set(['.tif', '.tiff', '.png', '.jpg', '.jpeg', '.bmp', '.gif']);
const safe = (s: string): string =>
  [...s]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .trim();
const csvCell = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function profilesFile(ctx: BulkContext): string {
  return join(ctx.root, 'export-profiles.json');
}

export async function readProfiles(ctx: BulkContext): Promise<ExportProfile[]> {
  try {
    return JSON.parse(await readFile(profilesFile(ctx), 'utf8')) as ExportProfile[];
  } catch {
    return [];
  }
}

export async function saveProfile(ctx: BulkContext, p: ExportProfile): Promise<ExportProfile[]> {
  const all = (await readProfiles(ctx)).filter(
    (x) => x.DatabaseID !== p.DatabaseID || x.ArchiveID !== p.ArchiveID,
  );
  all.push(p);
  await mkdir(ctx.root, { recursive: true });
  await writeFile(profilesFile(ctx), JSON.stringify(all, null, 2));
  return all;
}

export async function prepareExport(ctx: BulkContext, o: Options): Promise<PreparedExport> {
  const folder = (o.filePath ?? '').trim();
  if (folder !== '' && !BULK_FOLDER_PATTERN.test(folder)) throw bulkError(BulkErrorKey.InvalidFolder);
  if (o.filename !== undefined && o.filename.trim() !== '' && !BULK_FILENAME_PATTERN.test(o.filename))
    throw bulkError(BulkErrorKey.InvalidFilename);
  const exportsDir = resolve(ctx.root, BULK_FOLDERS.exports);
  const parts = folder
    .replace(/^[A-Za-z]:|^\\\\/, '')
    .split(/[\\/]+/)
    .filter((s) => s !== '' && s !== '.');
  if (parts.includes('..')) throw bulkError(BulkErrorKey.PathOutsideData);
  const outDir = resolve(exportsDir, ...parts);
  if (outDir !== exportsDir && !outDir.startsWith(exportsDir + sep))
    throw bulkError(BulkErrorKey.PathOutsideData);
  let api: ApiClient;
  try {
    api = openApi(ctx.apiPath(), o.token);
  } catch (err) {
    if (err instanceof BulkError) throw err;
    throw bulkError(BulkErrorKey.ApiUnavailable, 502);
  }
  try {
    let docs = o.docs.map((d) => ({ ArchiveID: d.ArchiveID, DocID: d.DocID }));
    if (docs.length === 0 && o.searchId !== undefined) {
      const r = await api.json<BulkResolveResponse>('POST', `dbs/${o.database}/bulk/resolve`, {
        SearchID: o.searchId,
        Archive: o.archive,
        SearchCriteria: o.searchCriteria,
      });
      docs = r.Documents;
    }
    if (docs.length === 0) throw bulkError(BulkErrorKey.ExportNoResults);
    return { o, api, docs, outDir };
  } catch (err) {
    await api.release();
    if (err instanceof ApiFailure && err.status === 404) throw bulkError(BulkErrorKey.ExportNoResults);
    throw err;
  }
}

async function converted(data: Buffer, ext: string, o: Options): Promise<{ data: Buffer; ext: string }> {
  if (!IMAGES.has(ext)) return { data, ext };
  let image = data;
  if (o.convertToBw) image = await sharp(data).greyscale().threshold(128).png().toBuffer();
  if (o.convertToPdf) {
    const png = await sharp(image).png().toBuffer();
    const meta = await sharp(png).metadata();
    const pdf = await PDFDocument.create();
    const embedded = await pdf.embedPng(png);
    const page = pdf.addPage([meta.width ?? embedded.width, meta.height ?? embedded.height]);
    page.drawImage(embedded, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
    return { data: Buffer.from(await pdf.save()), ext: '.pdf' };
  }
  return o.convertToBw ? { data: image, ext: '.png' } : { data, ext };
}

export async function runExport(
  ctx: BulkContext,
  p: PreparedExport,
  job: Job,
  pollMs = 200,
): Promise<string> {
  const { o, api } = p;
  job.status.Total = p.docs.length;
  try {
    const db = o.database;
    const jobId = await api.json<string>(
      'POST',
      `dbs/${db}/export?alwaysExportZip=true&ExportWithCSV=true&auditEntry=${encodeURIComponent('Document Exported')}${o.withAnnotations ? '&WithAnnotations=true' : ''}`,
      p.docs.map((d) => ({ Archive: d.ArchiveID, Id: d.DocID })),
    );
    let zip: Buffer | undefined;
    while (!zip) {
      const r = await api.bytes('GET', `dbs/${db}/export?jobid=${encodeURIComponent(jobId)}`);
      if (r.status === 200) zip = r.data;
      else await new Promise((done) => setTimeout(done, pollMs));
    }
    const files = new Map<string, Buffer>();
    await eachEntry(zip, async (name, open) => {
      const chunks: Buffer[] = [];
      for await (const chunk of await open()) chunks.push(chunk as Buffer);
      files.set(name, Buffer.concat(chunks));
    });
    const index = parse(files.get('index.csv')?.toString('utf8') ?? '', {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    const archiveNames = new Map<number, string>();
    const fieldsOf = new Map<number, FieldDefinition[]>();
    for (const a of new Set(p.docs.map((d) => d.ArchiveID))) {
      const info = await api.json<{ Name: string }>('GET', `dbs/${db}/archives/${a}?type=info`);
      archiveNames.set(a, info.Name);
      fieldsOf.set(a, await api.json<FieldDefinition[]>('GET', `dbs/${db}/archives/${a}?type=fields`));
    }
    await mkdir(p.outDir, { recursive: true });
    const written: string[] = [];
    const used = new Set<string>();
    const date = new Date().toISOString().slice(0, 10);
    for (const row of index) {
      const docId = row.DocID ?? '';
      const archiveId = Number(row.ArchiveID);
      const fileName = row.FileName ?? '';
      const data = fileName ? files.get(fileName) : undefined;
      job.status.Processed++;
      if (!data) {
        job.status.Failed++;
        job.log(docId, 'The document has no file.');
        continue;
      }
      const pattern = o.filename?.trim() ? o.filename : '{DocID}';
      const tokens: Record<string, string> = {
        ...Object.fromEntries(Object.entries(row).map(([k, v]) => [k.toLowerCase(), v])),
        docid: docId,
        archiveid: String(archiveId),
        archivename: archiveNames.get(archiveId) ?? '',
        date,
      };
      const stem = safe(
        pattern.replace(/\{([^{}]+)\}/g, (_, name: string) => tokens[name.trim().toLowerCase()] ?? ''),
      );
      const out = await converted(data, extname(fileName).toLowerCase(), o);
      let name = `${stem || docId}${out.ext}`;
      for (let i = 1; used.has(name.toLowerCase()); i++) name = `${stem || docId} (${i})${out.ext}`;
      used.add(name.toLowerCase());
      await writeFile(join(p.outDir, name), out.data);
      written.push(ctx.shown(join(p.outDir, name)));
      job.status.Succeeded++;
    }
    if (o.exportWithCsv && index.length) {
      let columns = Object.keys(index[0] ?? {});
      if (o.exportWithMappedFields) {
        const profiles = await readProfiles(ctx);
        const names = new Set<string>();
        for (const [a, fields] of fieldsOf) {
          const profile = profiles.find((x) => x.DatabaseID === db && x.ArchiveID === a);
          for (const f of fields) if (!profile || profile.FieldIDs.includes(f.ID)) names.add(f.Name);
        }
        columns = columns.filter(
          (c) => c === 'DocID' || c === 'ArchiveID' || c === 'FileName' || names.has(c),
        );
      }
      const lines = [
        columns.map(csvCell).join(','),
        ...index.map((r) => columns.map((c) => csvCell(r[c] ?? '')).join(',')),
      ];
      const csvName = safe(o.csvFile?.trim() || `export-${job.status.JobID}.csv`);
      await writeFile(
        join(p.outDir, csvName.endsWith('.csv') ? csvName : `${csvName}.csv`),
        `${lines.join('\r\n')}\r\n`,
      );
      written.push(ctx.shown(join(p.outDir, csvName.endsWith('.csv') ? csvName : `${csvName}.csv`)));
    }
    job.status.Files = written;
    job.status.OutputPath = ctx.shown(p.outDir);
  } finally {
    await api.release();
  }
  return `${job.status.Succeeded} documents exported to ${job.status.OutputPath ?? ''}.`;
}
