// `POST admin/stamps` and `DELETE admin/stamps/{id}` (square9api-wire.md §2.8, admin-spec §5):
// administrators of all databases add and remove the viewer's stamp texts (@Today and @User are
// filled in when a stamp is placed). `GET admin/stamps` is the viewer's (viewerPages.ts).
// A text already there in any casing is 409 'Stamp already exists.' (our status: a conflict).
import { Router } from 'express';
import { z } from 'zod';
import { STAMP_EXISTS, type AdminStamp } from '@gs/contract/admin/server';
import type { RouteDeps } from '../../deps';
import { conflict, notFound } from '../../domain/errors';
import { allWriter } from '../../http/adminPolicies';
import { route } from '../../http/route';
import { bodyOf, int32Value, trimmed } from '../../lib/zodInput';

export const MAX_STAMP_TEXT = 255;
const stampBody = z.object({
  text: trimmed.pipe(z.string().min(1, 'Text is required.').max(MAX_STAMP_TEXT)),
});

export const stampNotFound = (id: number): string => `Stamp ${id} was not found.`;

export function createAdminStampsRouter(deps: RouteDeps): Router {
  const repo = deps.repos.adminServer.stamps;
  const router = Router();

  router.post(
    '/admin/stamps',
    ...route(deps, { body: bodyOf(stampBody, '{Text}'), policy: allWriter }, (_c, { body: { text } }) =>
      repo.transaction((): AdminStamp => {
        if (repo.byText(text)) throw conflict(STAMP_EXISTS);
        return { Id: repo.insert(text), Text: text };
      }),
    ),
  );

  router.delete(
    '/admin/stamps/:id',
    ...route(
      deps,
      { params: z.object({ id: int32Value('id') }), policy: allWriter },
      (_c, { params: { id } }) => {
        if (!repo.transaction(() => repo.remove(id))) throw notFound(stampNotFound(id));
        return true;
      },
    ),
  );

  return router;
}
