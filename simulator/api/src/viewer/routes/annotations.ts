// A document's annotations (contract annotations.ts, decision 006): `GET
// dbs/{db}/archives/{a}/documents/{id}/annotations?SecureId` lists them (View); `PUT` the same
// address with the whole set replaces it in one transaction and answers the stored set (View,
// Modify Annotations 2048 and a licence that may edit, else 403), writing "Annotation Data Updated"
// to the document's history when the set changed. The SecureId is checked as on every document
// call (documentAccess.ts). The annotated file itself is `GET .../File?Annotations=true`
// (documentFiles.ts).
import { Router } from 'express';
import { ArchivePermission } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import { documentParams, theDocument } from '../../documents/routes/documentRequest';
import { route, type Policy } from '../../http/route';
import { parseAnnotationsBody, replaceAnnotations, toWireAnnotation } from '../services/annotations';
import {
  requireEditingLicense,
  requirePermission,
  type DocumentIds,
  type DocumentRef,
} from '../../documents/services/documentAccess';

const ANNOTATIONS = '/dbs/:db/archives/:archive/documents/:doc/annotations';

/** The document, with View on its archive. */
const viewable: Policy<DocumentIds, DocumentRef> = (ctx, ids) => {
  const ref = theDocument(ctx, ids);
  requirePermission(ref, ArchivePermission.View, 'view documents');
  return ref;
};

/** Viewable, for a licence that is not read-only, with Modify Annotations. */
const annotator: Policy<DocumentIds, DocumentRef> = (ctx, ids) => {
  const ref = viewable(ctx, ids);
  requireEditingLicense(ctx.caller);
  requirePermission(ref, ArchivePermission.ModifyAnnotations, 'modify annotations');
  return ref;
};

export function createAnnotationsRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  router.get(
    ANNOTATIONS,
    ...route(deps, { params: documentParams, policy: viewable }, (_c, { granted: ref }) =>
      repos.annotations.ofDocument(ref.databaseId, ref.docId).map(toWireAnnotation),
    ),
  );

  router.put(
    ANNOTATIONS,
    ...route(
      deps,
      { params: documentParams, body: parseAnnotationsBody, policy: annotator },
      ({ caller }, { granted: ref, body: inputs }) => {
        const stored = replaceAnnotations(
          repos,
          {
            databaseId: ref.databaseId,
            archiveId: ref.archive.id,
            documentId: ref.docId,
            userName: caller.user.name,
            now: deps.clock.now(),
          },
          inputs,
        );
        return stored.map(toWireAnnotation);
      },
    ),
  );

  return router;
}
