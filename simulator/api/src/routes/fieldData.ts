// Saving a document's index values: the web client's
// `PUT UpdateDocument/databases/{db}/archive/{a}/document/{id}/FieldData` (body: [{ID, VAL, MVAL}])
// and the public `POST dbs/{db}/archives/{a}/documents/{id}/save` (body: {IndexData:{IndexFields}}).
// Both need the SecureId, Modify Data (1024) and a licence that is not read-only, and answer with
// the document's values after the save.
import { Router, type Request, type Response } from 'express';
import type { FieldDataResponse } from '@gs/contract/fieldChecks';
import { ArchivePermission } from '@gs/contract/flags';
import type { RouteDeps } from '../deps';
import { callerOf } from '../http/auth';
import { parseFieldValues, parseSaveBody } from '../http/fieldInput';
import { requireEditingLicense, requirePermission } from '../services/documentAccess';
import { documentOf } from '../http/documentRequest';
import { createFieldEdits } from '../services/fieldEdits';
import type { FieldInput } from '../services/fieldValidation';

export function createFieldDataRouter(deps: RouteDeps): Router {
  const edits = createFieldEdits(deps.repos, deps.listQueries);
  const router = Router();

  const save = async (req: Request, res: Response, read: (body: unknown) => FieldInput[]): Promise<void> => {
    const ref = documentOf(deps, req, res);
    requirePermission(ref, ArchivePermission.ModifyData, 'modify data');
    requireEditingLicense(callerOf(res));
    const inputs = read(req.body);
    const body: FieldDataResponse = await edits.save({
      ref,
      inputs,
      userName: callerOf(res).user.name,
      now: deps.clock.now(),
    });
    res.json(body);
  };

  router.put(
    '/UpdateDocument/databases/:db/archive/:archive/document/:doc/FieldData',
    deps.auth.requireAuth,
    (req, res) => save(req, res, (body) => parseFieldValues(body)),
  );
  router.post('/dbs/:db/archives/:archive/documents/:doc/save', deps.auth.requireAuth, (req, res) =>
    save(req, res, parseSaveBody),
  );
  return router;
}
