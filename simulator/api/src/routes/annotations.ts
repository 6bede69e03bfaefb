// A document's annotations (contract annotations.ts, decision 006): `GET
// dbs/{db}/archives/{a}/documents/{id}/annotations?SecureId` lists them (View); `PUT` the same
// address with the whole set replaces it in one transaction and answers the stored set (View,
// Modify Annotations 2048 and a licence that may edit, else 403), writing "Annotation Data Updated"
// to the document's history when the set changed. The SecureId is checked as on every document
// call (documentAccess.ts). The annotated file itself is `GET .../File?Annotations=true`
// (documentFiles.ts).
import { Router, type Request, type Response } from 'express';
import { ArchivePermission } from '@gs/contract/flags';
import type { RouteDeps } from '../deps';
import { callerOf } from '../http/auth';
import { parseAnnotationsBody, replaceAnnotations, toWireAnnotation } from '../services/annotations';
import { requireEditingLicense, requirePermission, type DocumentRef } from '../services/documentAccess';
import { documentOf } from '../http/documentRequest';

const ANNOTATIONS = '/dbs/:db/archives/:archive/documents/:doc/annotations';

export function createAnnotationsRouter(deps: RouteDeps): Router {
  const { repos } = deps;
  const router = Router();

  const viewable = (req: Request, res: Response): DocumentRef => {
    const ref = documentOf(deps, req, res);
    requirePermission(ref, ArchivePermission.View, 'view documents');
    return ref;
  };

  router.get(ANNOTATIONS, deps.auth.requireAuth, (req, res) => {
    const ref = viewable(req, res);
    res.json(repos.annotations.ofDocument(ref.databaseId, ref.docId).map(toWireAnnotation));
  });

  router.put(ANNOTATIONS, deps.auth.requireAuth, (req, res) => {
    const ref = viewable(req, res);
    requireEditingLicense(callerOf(res));
    requirePermission(ref, ArchivePermission.ModifyAnnotations, 'modify annotations');
    const inputs = parseAnnotationsBody(req.body);
    const stored = replaceAnnotations(
      repos,
      {
        databaseId: ref.databaseId,
        archiveId: ref.archive.id,
        documentId: ref.docId,
        userName: callerOf(res).user.name,
        now: deps.clock.now(),
      },
      inputs,
    );
    res.json(stored.map(toWireAnnotation));
  });

  return router;
}
