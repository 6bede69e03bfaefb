// `POST admin/stamps` and `DELETE admin/stamps/{id}` (square9api-wire.md §2.8, admin-spec §5):
// administrators of all databases add and remove the viewer's stamp texts (@Today and @User are
// filled in when a stamp is placed). `GET admin/stamps` is the viewer's (viewerPages.ts).
// A text already there in any casing is 409 'Stamp already exists.' (our status: a conflict).
import { callerOf } from '../http/auth';
import { Router } from 'express';
import { z } from 'zod';
import { STAMP_EXISTS, type AdminStamp } from '@gs/contract/admin/server';
import type { RouteDeps } from '../deps';
import { HttpError, notFound } from '../http/errors';
import { intParam } from '../http/query';
import { parseBody, trimmed } from '../lib/zodInput';
import { requireAdminAll } from '../services/adminRights';

export const MAX_STAMP_TEXT = 255;
const stampBody = z.object({
  text: trimmed.pipe(z.string().min(1, 'Text is required.').max(MAX_STAMP_TEXT)),
});

export const stampNotFound = (id: number): string => `Stamp ${id} was not found.`;

export function createAdminStampsRouter(deps: RouteDeps): Router {
  const repo = deps.repos.adminServer.stamps;
  const router = Router();

  router.post('/admin/stamps', deps.auth.requireAuth, (req, res) => {
    requireAdminAll(deps, callerOf(res), true);
    const { text } = parseBody(stampBody, req.body, '{Text}');
    const saved: AdminStamp = repo.transaction(() => {
      if (repo.byText(text)) throw new HttpError(409, { Message: STAMP_EXISTS });
      return { Id: repo.insert(text), Text: text };
    });
    res.json(saved);
  });

  router.delete('/admin/stamps/:id', deps.auth.requireAuth, (req, res) => {
    requireAdminAll(deps, callerOf(res), true);
    const id = intParam(req, 'id');
    if (!repo.transaction(() => repo.remove(id))) throw notFound(stampNotFound(id));
    res.json(true);
  });

  return router;
}
