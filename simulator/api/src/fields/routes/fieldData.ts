// Saving a document's index values: the web client's
// `PUT UpdateDocument/databases/{db}/archive/{a}/document/{id}/FieldData` (body: [{ID, VAL, MVAL}])
// and the public `POST dbs/{db}/archives/{a}/documents/{id}/save` (body: {IndexData:{IndexFields}}).
// Both need the SecureId, Modify Data (1024) and a licence that is not read-only, and answer with
// the document's values after the save.
import { Router } from 'express';
import type { FieldDataResponse } from '@gs/contract/fieldChecks';
import { ArchivePermission } from '@gs/contract/flags';
import type { RouteDeps } from '../../deps';
import { parseFieldValues, parseSaveBody } from './fieldInput';
import { documentParams, theDocument } from '../../documents/routes/documentRequest';
import { route, type Policy } from '../../http/route';
import {
  requireEditingLicense,
  requirePermission,
  type DocumentIds,
  type DocumentRef,
} from '../../documents/services/documentAccess';
import { createFieldEdits } from '../services/fieldEdits';
import type { FieldInput } from '../services/fieldValidation';

/** The document, with Modify Data on its archive, for a licence that is not read-only. */
const editor: Policy<DocumentIds, DocumentRef> = (ctx, ids) => {
  const ref = theDocument(ctx, ids);
  requirePermission(ref, ArchivePermission.ModifyData, 'modify data');
  requireEditingLicense(ctx.caller);
  return ref;
};

export function createFieldDataRouter(deps: RouteDeps): Router {
  const edits = createFieldEdits(deps.repos, deps.listQueries);
  const router = Router();

  const save = (read: (body: unknown) => FieldInput[]) =>
    route(
      deps,
      { params: documentParams, body: read, policy: editor },
      ({ caller }, { granted: ref, body: inputs }): Promise<FieldDataResponse> =>
        edits.save({ ref, inputs, userName: caller.user.name, now: deps.clock.now() }),
    );

  router.put(
    '/UpdateDocument/databases/:db/archive/:archive/document/:doc/FieldData',
    ...save((body) => parseFieldValues(body)),
  );
  router.post('/dbs/:db/archives/:archive/documents/:doc/save', ...save(parseSaveBody));
  return router;
}
