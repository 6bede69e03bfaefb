// The batch portals of the capture API (admin-spec §3, §7; decision 028, our design): GET
// batchportals (the portals the caller may see; ?admin=true every portal, for administrators),
// POST batchportals, PUT and DELETE batchportals/{id}, POST portal/test?portalId (status 1 or 2
// with the reason), and the editor's choices: ssinstance/{id}/databases,
// archives?instanceId&databaseId and inboxes?instanceId.
import { Router } from 'express';
import { z } from 'zod';
import {
  LOCAL_INSTANCE_ID,
  PortalStatus,
  type BatchPortal,
  type BatchPortalBody,
  type CaptureChoice,
} from '@gs/contract/capture';
import type { RouteDeps } from '../../deps';
import type { PortalRow } from '../repos/batchesRepo';
import type { ArchiveRow } from '../../catalog/repos/archivesRepo';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { queryLookup, route, signedIn, withStatus, type Policy } from '../../http/route';
import { lowerKeys, parseBool, parseId } from '../../lib/keys';
import { int32Value } from '../../lib/zodInput';
import { batchMessages, batchRights } from '../services/batchRights';

/** An administrator of capture (403); a change also needs a licence that writes. */
const captureAdmin =
  (write: boolean): Policy<unknown> =>
  ({ deps, caller }) =>
    batchRights(deps, caller).requireAdmin(write);
const reader = captureAdmin(false);
const writer = captureAdmin(true);
const onePortal = z.object({ portal: int32Value('portal') });

export const toPortal = (p: PortalRow): BatchPortal => ({
  Id: p.id,
  Name: p.name,
  Type: p.type,
  Status: p.status,
  StatusMessage: p.statusMessage,
  InstanceId: p.instanceId,
  DatabaseId: p.databaseId,
  ArchiveId: p.archiveId,
  InboxId: p.inboxId,
});

const id = z.number().int().min(0).max(2147483647);
const portalBody = z.object({
  name: z.string().trim().min(1).max(100),
  type: z.union([z.literal(0), z.literal(1)]),
  instanceid: id.optional(),
  databaseid: id.min(1),
  archiveid: id.min(1),
  inboxid: id.optional(),
});

const instanceMessage = (n: number) => `GlobalSearch instance ${n} was not found.`;

/** What is wrong with a portal's settings on this server, or '' when nothing is. */
function settingsProblem(deps: RouteDeps, p: Omit<PortalRow, 'id' | 'status' | 'statusMessage'>): string {
  if (p.instanceId !== LOCAL_INSTANCE_ID) return instanceMessage(p.instanceId);
  if (!deps.repos.databases.byId(p.databaseId)) return `Database ${p.databaseId} was not found.`;
  const archive = deps.repos.archives.byId(p.archiveId);
  if (!archive || archive.databaseId !== p.databaseId)
    return `Archive ${p.archiveId} was not found in database ${p.databaseId}.`;
  if (p.inboxId && !deps.repos.inboxes.byId(p.inboxId)) return `Inbox ${p.inboxId} was not found.`;
  return '';
}

function allArchives(deps: RouteDeps, db: number): CaptureChoice[] {
  const out: CaptureChoice[] = [];
  const walk = (parent: number, prefix: string): void => {
    for (const a of deps.repos.archives.children(db, parent) as ArchiveRow[]) {
      out.push({ Id: a.id, Name: `${prefix}${a.name}` });
      if (a.hasChildren) walk(a.id, `${prefix}${a.name} / `);
    }
  };
  walk(0, '');
  return out;
}

export function createCapturePortalsRouter(deps: RouteDeps): Router {
  const router = Router();
  const { repos } = deps;

  const parseBody = (body: unknown): Required<BatchPortalBody> => {
    const parsed = portalBody.safeParse(lowerKeys(body));
    if (!parsed.success)
      throw badRequest(
        `The body must be {"Name","Type":0|1,"InstanceId","DatabaseId","ArchiveId","InboxId"}: ${z.prettifyError(parsed.error)}`,
      );
    const b = parsed.data;
    const out = {
      Name: b.name,
      Type: b.type,
      InstanceId: b.instanceid ?? LOCAL_INSTANCE_ID,
      DatabaseId: b.databaseid,
      ArchiveId: b.archiveid,
      InboxId: b.inboxid ?? 0,
    };
    const problem = settingsProblem(deps, {
      name: out.Name,
      type: out.Type,
      instanceId: out.InstanceId,
      databaseId: out.DatabaseId,
      archiveId: out.ArchiveId,
      inboxId: out.InboxId,
    });
    if (problem) throw badRequest(problem);
    return out;
  };
  const nameTaken = (name: string, except = 0): void => {
    const other = repos.batches.portalByName(name);
    if (other && other.id !== except) throw conflict(`A portal named '${name}' exists.`);
  };
  const adminPortal = (portalId: number): PortalRow => {
    const portal = repos.batches.portal(portalId);
    if (!portal) throw notFound(batchMessages.portal(portalId));
    return portal;
  };

  router.get(
    '/batchportals',
    ...route(deps, { query: queryLookup, policy: signedIn }, ({ caller }, { query: q }) => {
      const rights = batchRights(deps, caller);
      const admin = q('admin');
      if (admin !== undefined && parseBool(admin, 'admin')) {
        rights.requireAdmin();
        return repos.batches.portals().map(toPortal);
      }
      return rights.visiblePortals().map(toPortal);
    }),
  );

  router.post(
    '/batchportals',
    ...route(deps, { body: parseBody, policy: writer }, (_c, { body }) => {
      const created = repos.batches.transaction(() => {
        nameTaken(body.Name);
        return repos.batches.insertPortal(body);
      });
      return withStatus(201, toPortal(adminPortal(created)));
    }),
  );

  router.put(
    '/batchportals/:portal',
    ...route(
      deps,
      { params: onePortal, body: parseBody, policy: writer },
      (_c, { params: { portal }, body }) => {
        repos.batches.transaction(() => {
          adminPortal(portal);
          nameTaken(body.Name, portal);
          repos.batches.updatePortal(portal, body);
        });
        return toPortal(adminPortal(portal));
      },
    ),
  );

  router.delete(
    '/batchportals/:portal',
    ...route(deps, { params: onePortal, policy: writer }, (_c, { params: { portal: portalId } }) => {
      repos.batches.transaction(() => {
        const portal = adminPortal(portalId);
        const held = repos.batches.counts(portalId).reduce((sum, c) => sum + c.n, 0);
        if (held > 0)
          throw conflict(
            `Portal '${portal.name}' still holds ${held} ${held === 1 ? 'batch; delete it' : 'batches; delete them'} first.`,
          );
        repos.batches.deletePortal(portalId);
      });
      return withStatus(204);
    }),
  );

  // the test checks the portal's settings against this server: instance, database, archive, inbox
  router.post(
    '/portal/test',
    ...route(deps, { query: queryLookup, policy: writer }, (_c, { query: q }) => {
      const raw = q('portalId');
      if (raw === undefined) throw badRequest('portal/test needs portalId.');
      const portal = adminPortal(parseId(raw, 'portalId'));
      const problem = settingsProblem(deps, portal);
      repos.batches.setPortalStatus(portal.id, problem ? PortalStatus.Failed : PortalStatus.Ok, problem);
      return toPortal(adminPortal(portal.id));
    }),
  );

  router.get(
    '/ssinstance/:instance/databases',
    ...route(
      deps,
      { params: z.object({ instance: int32Value('instance') }), policy: reader },
      (_c, { params: { instance } }): CaptureChoice[] => {
        if (instance !== LOCAL_INSTANCE_ID) throw notFound(instanceMessage(instance));
        return repos.databases.all().map((d) => ({ Id: d.Id, Name: d.Name }));
      },
    ),
  );

  /** 404 unless an `instanceId` given is this server's */
  const localInstance = (q: (key: string) => string | undefined): void => {
    const instance = q('instanceId');
    if (instance !== undefined && parseId(instance, 'instanceId') !== LOCAL_INSTANCE_ID)
      throw notFound(instanceMessage(Number(instance)));
  };

  router.get(
    '/archives',
    ...route(deps, { query: queryLookup, policy: reader }, (_c, { query: q }) => {
      localInstance(q);
      const raw = q('databaseId');
      if (raw === undefined) throw badRequest('archives needs databaseId.');
      const db = parseId(raw, 'databaseId');
      if (!repos.databases.byId(db)) throw notFound(`Database ${db} was not found.`);
      return allArchives(deps, db);
    }),
  );

  router.get(
    '/inboxes',
    ...route(deps, { query: queryLookup, policy: reader }, (_c, { query: q }): CaptureChoice[] => {
      localInstance(q);
      return repos.inboxes.all().map((i) => ({ Id: i.id, Name: i.name }));
    }),
  );

  return router;
}
