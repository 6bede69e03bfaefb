// Archives as the administration API reads and writes them (wire §2.8 AdminArchive, admin-spec
// §3 and §5). A PUT body may carry only what changes; absent keys keep the stored values. The
// merged archive must hold: a name unique among its siblings, a parent in the same database that
// is neither itself, one of its descendants nor a Versions archive, fields of the database
// (each once), view labels present and unique, a status field among its fields, content search
// xor PDF conversion, and a folder unless it uses the default one.
import { z } from 'zod';
import { VERSIONS_ARCHIVE_NAME, type AdminArchive } from '@gs/contract/admin/catalog';
import { ALL_ARCHIVE_PERMISSIONS, ArchiveFlags, hasFlag } from '@gs/contract/flags';
import type { AdminArchiveRow, ArchiveSpec } from '../repos/adminArchivesRepo';
import type { AdminArchivesRepo } from '../repos/adminArchivesRepo';
import { badRequest } from '../../domain/errors';
import { boolValue, idValue, opt, parseBody, textValue } from './adminInput';

export const MAX_ARCHIVE_NAME = 128;
/** Bits of Properties an administrator sets directly; 1 and 2 follow RevisionControl and ConvertPdf. */
const SETTABLE_FLAGS = ArchiveFlags.WebRevision | ArchiveFlags.ReadOnly;

const schema = z.object({
  name: opt(textValue),
  parent: opt(idValue),
  properties: opt(z.number().int().min(0)),
  basepath: opt(z.object({ default: opt(boolValue), path: opt(textValue), uniquename: opt(textValue) })),
  createbrowse: opt(boolValue),
  fields: opt(z.array(idValue).max(1000)),
  view: opt(
    z.object({
      enabled: opt(boolValue),
      statusfield: opt(idValue),
      values: opt(
        z.array(z.object({ label: opt(textValue), value: opt(textValue), color: opt(textValue) })).max(100),
      ),
    }),
  ),
  contentsearch: opt(boolValue),
  revisioncontrol: opt(z.union([z.literal(0), z.literal(1), z.boolean().transform((b) => (b ? 1 : 0))])),
  convertpdf: opt(boolValue),
  notifications: opt(
    z.object({ to: opt(textValue), from: opt(textValue), subject: opt(textValue), message: opt(textValue) }),
  ),
});
type ArchiveInput = z.output<typeof schema>;

export const NEW_ARCHIVE: ArchiveSpec = {
  parentId: 0,
  name: '',
  flags: 0,
  contentSearch: false,
  basePath: '',
  uniqueName: '',
  createBrowse: true,
  viewEnabled: false,
  viewStatusField: 0,
  fieldIds: [],
  views: [],
  notifications: { to: '', from: '', subject: '', message: '' },
};

/** What the admin API needs to know about the database to check an archive. */
export interface ArchiveContext {
  databaseId: number;
  /** the archive being changed; undefined for a new one */
  archiveId: number | undefined;
  archives: AdminArchiveRow[];
  fieldIds: Set<number>;
}

function mergeFlags(input: ArchiveInput, current: ArchiveSpec): number {
  const props = input.properties;
  const settable = (props ?? current.flags) & SETTABLE_FLAGS;
  const revision = input.revisioncontrol ?? (props ?? current.flags) & ArchiveFlags.RevisionControl;
  const pdf = input.convertpdf ?? hasFlag(props ?? current.flags, ArchiveFlags.PdfConvert);
  return (
    (current.flags & ArchiveFlags.VersionsArchive) |
    settable |
    (revision ? ArchiveFlags.RevisionControl : 0) |
    (pdf ? ArchiveFlags.PdfConvert : 0)
  );
}

function merge(input: ArchiveInput, current: ArchiveSpec): ArchiveSpec {
  const useDefault =
    input.basepath?.default ?? (input.basepath?.path === undefined ? !current.basePath : false);
  const n = input.notifications;
  return {
    parentId: input.parent ?? current.parentId,
    name: (input.name ?? current.name).trim(),
    flags: mergeFlags(input, current),
    contentSearch: input.contentsearch ?? current.contentSearch,
    basePath: useDefault ? '' : (input.basepath?.path ?? current.basePath).trim(),
    uniqueName: (input.basepath?.uniquename ?? current.uniqueName).trim(),
    createBrowse: input.createbrowse ?? current.createBrowse,
    viewEnabled: input.view?.enabled ?? current.viewEnabled,
    viewStatusField: input.view?.statusfield ?? current.viewStatusField,
    fieldIds: input.fields ?? current.fieldIds,
    views:
      input.view?.values?.map((v) => ({
        label: (v.label ?? '').trim(),
        value: v.value ?? '',
        color: v.color ?? '',
      })) ?? current.views,
    notifications: {
      to: n?.to ?? current.notifications.to,
      from: n?.from ?? current.notifications.from,
      subject: n?.subject ?? current.notifications.subject,
      message: n?.message ?? current.notifications.message,
    },
  };
}

function checkPlace(spec: ArchiveSpec, ctx: ArchiveContext): void {
  if (!spec.name) throw badRequest('The archive name is required.');
  const current = ctx.archives.find((a) => a.id === ctx.archiveId);
  const isVersions = hasFlag(current?.flags ?? 0, ArchiveFlags.VersionsArchive);
  if (spec.name.toLowerCase() === VERSIONS_ARCHIVE_NAME.toLowerCase() && !isVersions)
    throw badRequest(`The name '${VERSIONS_ARCHIVE_NAME}' is kept for the archives of old revisions.`);
  if (spec.name.length > MAX_ARCHIVE_NAME)
    throw badRequest(`The archive name is longer than ${MAX_ARCHIVE_NAME} characters.`);
  const byId = new Map(ctx.archives.map((a) => [a.id, a]));
  if (spec.parentId !== 0) {
    const parent = byId.get(spec.parentId);
    if (!parent)
      throw badRequest(`Archive ${spec.parentId} is not an archive of database ${ctx.databaseId}.`);
    if (hasFlag(parent.flags, ArchiveFlags.VersionsArchive))
      throw badRequest(`Archive '${parent.name}' holds old revisions and cannot have sub-archives.`);
    for (let a: AdminArchiveRow | undefined = parent; a; a = byId.get(a.parentId))
      if (a.id === ctx.archiveId)
        throw badRequest('An archive cannot be moved under itself or its sub-archives.');
  }
  const sibling = ctx.archives.find(
    (a) =>
      a.parentId === spec.parentId &&
      a.id !== ctx.archiveId &&
      a.name.toLowerCase() === spec.name.toLowerCase(),
  );
  if (sibling) throw badRequest(`An archive named '${sibling.name}' already exists there.`);
}

function checkContent(spec: ArchiveSpec, ctx: ArchiveContext): void {
  const seen = new Set<number>();
  for (const f of spec.fieldIds) {
    if (!ctx.fieldIds.has(f)) throw badRequest(`Field ${f} is not a field of database ${ctx.databaseId}.`);
    if (seen.has(f)) throw badRequest(`Field ${f} is listed twice.`);
    seen.add(f);
  }
  const labels = new Set<string>();
  for (const v of spec.views) {
    if (!v.label) throw badRequest('Every view needs a label.');
    const key = v.label.toLowerCase();
    if (labels.has(key))
      throw badRequest(`The view label '${v.label}' is used twice; labels must be unique.`);
    labels.add(key);
  }
  if (spec.viewEnabled && spec.viewStatusField === 0) throw badRequest('Views need a status field.');
  if (spec.viewStatusField !== 0 && !seen.has(spec.viewStatusField))
    throw badRequest(`The status field ${spec.viewStatusField} is not a field of the archive.`);
  if (spec.contentSearch && hasFlag(spec.flags, ArchiveFlags.PdfConvert))
    throw badRequest('Content search and PDF conversion cannot both be on.');
}

/** The archive a POST (`current` undefined) or PUT body describes, checked; 400 otherwise. */
export function readArchiveBody(
  body: unknown,
  current: ArchiveSpec | undefined,
  ctx: ArchiveContext,
): ArchiveSpec {
  const input = parseBody(schema, body, 'archive');
  if (input.basepath?.default === false && !input.basepath.path?.trim())
    throw badRequest('An archive that does not use the default folder needs a path.');
  const spec = merge(input, current ?? NEW_ARCHIVE);
  checkPlace(spec, ctx);
  checkContent(spec, ctx);
  return spec;
}

/** The stored archive as a spec (what a PUT merges into). */
export function storedSpec(repo: AdminArchivesRepo, row: AdminArchiveRow): ArchiveSpec {
  return {
    parentId: row.parentId,
    name: row.name,
    flags: row.flags,
    contentSearch: row.contentSearch,
    basePath: row.basePath,
    uniqueName: row.uniqueName,
    createBrowse: row.createBrowse,
    viewEnabled: row.viewEnabled,
    viewStatusField: row.viewStatusField,
    fieldIds: repo.fieldIds(row.id),
    views: repo.views(row.id),
    notifications: repo.notifications(row.id),
  };
}

export function toAdminArchive(repo: AdminArchivesRepo, row: AdminArchiveRow): AdminArchive {
  const spec = storedSpec(repo, row);
  return {
    Id: row.id,
    Name: row.name,
    Parent: row.parentId,
    Permissions: ALL_ARCHIVE_PERMISSIONS,
    Properties: row.flags,
    BasePath: { Default: row.basePath === '', Path: row.basePath, UniqueName: row.uniqueName },
    CreateBrowse: row.createBrowse,
    Fields: spec.fieldIds,
    View: {
      Enabled: row.viewEnabled,
      StatusField: row.viewStatusField,
      Values: spec.views.map((v) => ({ Label: v.label, Value: v.value, Color: v.color })),
    },
    ContentSearch: row.contentSearch,
    RevisionControl: hasFlag(row.flags, ArchiveFlags.RevisionControl) ? 1 : 0,
    ConvertPdf: hasFlag(row.flags, ArchiveFlags.PdfConvert),
    Notifications: {
      To: spec.notifications.to,
      From: spec.notifications.from,
      Subject: spec.notifications.subject,
      Message: spec.notifications.message,
    },
  };
}
