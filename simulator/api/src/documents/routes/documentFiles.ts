// A document's file and revisions (wire §2.5). `GET .../documents/{id}/File` (also the spec's
// `/file`: routing ignores case) streams the native file with its content type, length, an inline
// Content-Disposition `<id><ext>` and byte ranges (one `Range: bytes=a-b`: 206; unsatisfiable:
// 416); it needs View, and writes a `viewed` history entry only when asked with `audit=true` (the
// viewer's byte-range reads would otherwise flood the history); with `Annotations=true` a document
// that has annotations comes back whole as a PDF with them drawn on (annotationBurnIn.ts).
// `GET .../documents/{id}/rev` lists
// the versions of a document of a revision-control (or versions) archive as
// `[{DocId,SecureId,Version}]`, oldest first; it needs View Revisions (16384).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Revision } from '@gs/contract/documents';
import { ArchiveFlags, ArchivePermission } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import { secureId } from '../../security/repos/secureIds';
import { notFound } from '../../domain/errors';
import { JSON_CONTENT_TYPE } from '../../http/headers';
import { storedFileHeaders } from '../../http/securityHeaders';
import { present, route, type Policy } from '../../http/route';
import { messages } from '../../security/services/access';
import { requirePermission, type DocumentIds, type DocumentRef } from '../services/documentAccess';
import { documentParams, theDocument } from './documentRequest';
import { annotatedFile } from '../../viewer/services/annotationBurnIn';
import { storedFile } from '../services/documentOps';
import { contentTypeOf, parseRange } from '../../files/services/fileTypes';

const DOC = '/dbs/:db/archives/:archive/documents/:doc';

/** The document, with `bit` on its archive. */
const holding =
  (bit: number, what: string): Policy<DocumentIds, DocumentRef> =>
  (ctx, ids) => {
    const ref = theDocument(ctx, ids);
    requirePermission(ref, bit, what);
    return ref;
  };

/** `true` in any casing asks; anything else does not. */
const asked = z
  .string()
  .optional()
  .transform((v) => v?.toLowerCase() === 'true');
const fileQuery = z.object({ annotations: asked, audit: asked });

const fileNotFound = (doc: number): Error => notFound(`The file of document ${doc} was not found.`);

async function sizeOf(file: string, doc: number): Promise<number> {
  const info = await stat(file).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fileNotFound(doc);
    throw error;
  });
  if (!info.isFile()) throw fileNotFound(doc);
  return info.size;
}

function send(req: Request, res: Response, file: string, size: number): void {
  const range = parseRange(req.get('Range'), size);
  if (range === 'unsatisfiable') {
    res.removeHeader('Content-Disposition');
    res.status(416).set({ 'Content-Range': `bytes */${size}`, 'Content-Type': JSON_CONTENT_TYPE });
    res.json({ Message: `The requested range is not satisfiable; the file has ${size} bytes.` });
    return;
  }
  const [start, end] = range ?? [0, size - 1];
  if (range) res.status(206).set('Content-Range', `bytes ${start}-${end}/${size}`);
  res.set('Content-Length', String(size === 0 ? 0 : end - start + 1));
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  const stream = createReadStream(file, { start, end });
  stream.on('error', (error) => {
    console.error(error);
    res.destroy(error);
  });
  stream.pipe(res);
}

export function createDocumentFilesRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  router.get(
    `${DOC}/file`,
    ...route(
      deps,
      {
        params: documentParams,
        query: fileQuery,
        policy: holding(ArchivePermission.View, 'view documents'),
      },
      async ({ caller }, { granted: ref, query: q }) => {
        const doc = repos.docSearch.rows.file(ref.databaseId, ref.docId);
        if (!doc || doc.archiveId !== ref.archive.id)
          throw notFound(messages.document(ref.archive.id, ref.docId));
        const file = storedFile(deps.files.dataDir, doc.filePath);
        if (!file) throw notFound(`Document ${ref.docId} has no file.`);
        const size = await sizeOf(file, ref.docId);
        const ext = (doc.fileType || extname(doc.filePath)).toLowerCase();
        // Annotations=true: the annotated PDF (annotationBurnIn.ts) when the document has annotations
        const annotated = q.annotations
          ? await annotatedFile(repos, ref, file, ext).catch((error: unknown) => {
              if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw fileNotFound(ref.docId);
              throw error;
            })
          : undefined;
        if (q.audit) {
          repos.audit.add({
            databaseId: ref.databaseId,
            archiveId: ref.archive.id,
            documentId: ref.docId,
            oldArchiveId: 0,
            oldDocId: 0,
            userName: caller.user.name,
            category: 'viewed',
            message: 'Document viewed',
            time: deps.clock.now(),
            connectionString: '',
          });
        }
        return present((req, res) => {
          res.set({
            ...storedFileHeaders(`${ref.docId}${ext}`, contentTypeOf(ext)),
            'Accept-Ranges': 'bytes',
            'Last-Modified': new Date(doc.modifiedAt).toUTCString(),
          });
          if (annotated) {
            res.set({
              ...storedFileHeaders(`${ref.docId}.pdf`, 'application/pdf'),
              'Content-Length': String(annotated.length),
            });
            res.removeHeader('Accept-Ranges');
            res.end(req.method === 'HEAD' ? undefined : Buffer.from(annotated));
            return;
          }
          send(req, res, file, size);
        });
      },
    ),
  );

  router.get(
    `${DOC}/rev`,
    ...route(
      deps,
      { params: documentParams, policy: holding(ArchivePermission.ViewRevisions, 'view revisions') },
      (_c, { granted: ref }): Revision[] => {
        const row = deps.repos.documentOps.row(ref.databaseId, ref.docId);
        if (!row) throw notFound(messages.document(ref.archive.id, ref.docId));
        const versioned =
          (ref.archive.flags & (ArchiveFlags.RevisionControl | ArchiveFlags.VersionsArchive)) !== 0;
        const root = row.rootVersionId || row.id;
        return versioned
          ? deps.repos.documentOps.revisions(ref.databaseId, root).map((r) => ({
              DocId: r.id,
              SecureId: secureId(deps.secret, 'doc', ref.databaseId, r.id),
              Version: r.version,
            }))
          : [];
      },
    ),
  );

  return router;
}
