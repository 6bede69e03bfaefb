// The batch portals of the capture API (admin-spec §3, §7; decision 028, our design): GET
// batchportals (the portals the caller may see; ?admin=true every portal, for administrators),
// POST batchportals, PUT and DELETE batchportals/{id}, POST portal/test?portalId (status 1 or 2
// with the reason), and the editor's choices: ssinstance/{id}/databases,
// archives?instanceId&databaseId and inboxes?instanceId.
import { callerOf } from '../http/auth';
import { Router } from 'express';
import { z } from 'zod';
import {
  LOCAL_INSTANCE_ID,
  PortalStatus,
  type BatchPortal,
  type BatchPortalBody,
  type CaptureChoice,
} from '@gs/contract/capture';
import type { RouteDeps } from '../deps';
import type { PortalRow } from '../db/batchesRepo';
import type { ArchiveRow } from '../db/archivesRepo';
import { badRequest, HttpError, notFound } from '../http/errors';
import { intParam, lowerKeys, parseId, query, queryBool } from '../http/query';
import { batchMessages, batchRights } from '../services/batchRights';

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
  const auth = deps.auth.requireAuth;

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
    if (other && other.id !== except)
      throw new HttpError(409, { Message: `A portal named '${name}' exists.` });
  };
  const adminPortal = (portalId: number): PortalRow => {
    const portal = repos.batches.portal(portalId);
    if (!portal) throw notFound(batchMessages.portal(portalId));
    return portal;
  };

  router.get('/batchportals', auth, (req, res) => {
    const rights = batchRights(deps, callerOf(res));
    if (queryBool(req, 'admin') === true) {
      rights.requireAdmin();
      res.json(repos.batches.portals().map(toPortal));
      return;
    }
    res.json(rights.visiblePortals().map(toPortal));
  });

  router.post('/batchportals', auth, (req, res) => {
    batchRights(deps, callerOf(res)).requireAdmin(true);
    const body = parseBody(req.body);
    const created = repos.batches.transaction(() => {
      nameTaken(body.Name);
      return repos.batches.insertPortal(body);
    });
    res.status(201).json(toPortal(adminPortal(created)));
  });

  router.put('/batchportals/:portal', auth, (req, res) => {
    batchRights(deps, callerOf(res)).requireAdmin(true);
    const portalId = intParam(req, 'portal');
    const body = parseBody(req.body);
    repos.batches.transaction(() => {
      adminPortal(portalId);
      nameTaken(body.Name, portalId);
      repos.batches.updatePortal(portalId, body);
    });
    res.json(toPortal(adminPortal(portalId)));
  });

  router.delete('/batchportals/:portal', auth, (req, res) => {
    batchRights(deps, callerOf(res)).requireAdmin(true);
    const portalId = intParam(req, 'portal');
    repos.batches.transaction(() => {
      const portal = adminPortal(portalId);
      const held = repos.batches.counts(portalId).reduce((sum, c) => sum + c.n, 0);
      if (held > 0)
        throw new HttpError(409, {
          Message: `Portal '${portal.name}' still holds ${held} batches; delete them first.`,
        });
      repos.batches.deletePortal(portalId);
    });
    res.status(204).end();
  });

  // the test checks the portal's settings against this server: instance, database, archive, inbox
  router.post('/portal/test', auth, (req, res) => {
    batchRights(deps, callerOf(res)).requireAdmin(true);
    const raw = query(req, 'portalId');
    if (raw === undefined) throw badRequest('portal/test needs portalId.');
    const portal = adminPortal(parseId(raw, 'portalId'));
    const problem = settingsProblem(deps, portal);
    repos.batches.setPortalStatus(portal.id, problem ? PortalStatus.Failed : PortalStatus.Ok, problem);
    res.json(toPortal(adminPortal(portal.id)));
  });

  router.get('/ssinstance/:instance/databases', auth, (req, res) => {
    batchRights(deps, callerOf(res)).requireAdmin();
    const instance = intParam(req, 'instance');
    if (instance !== LOCAL_INSTANCE_ID) throw notFound(instanceMessage(instance));
    const out: CaptureChoice[] = repos.databases.all().map((d) => ({ Id: d.Id, Name: d.Name }));
    res.json(out);
  });

  router.get('/archives', auth, (req, res) => {
    batchRights(deps, callerOf(res)).requireAdmin();
    const instance = query(req, 'instanceId');
    if (instance !== undefined && parseId(instance, 'instanceId') !== LOCAL_INSTANCE_ID)
      throw notFound(instanceMessage(Number(instance)));
    const raw = query(req, 'databaseId');
    if (raw === undefined) throw badRequest('archives needs databaseId.');
    const db = parseId(raw, 'databaseId');
    if (!repos.databases.byId(db)) throw notFound(`Database ${db} was not found.`);
    res.json(allArchives(deps, db));
  });

  router.get('/inboxes', auth, (req, res) => {
    batchRights(deps, callerOf(res)).requireAdmin();
    const instance = query(req, 'instanceId');
    if (instance !== undefined && parseId(instance, 'instanceId') !== LOCAL_INSTANCE_ID)
      throw notFound(instanceMessage(Number(instance)));
    const out: CaptureChoice[] = repos.inboxes.all().map((i) => ({ Id: i.id, Name: i.name }));
    res.json(out);
  });

  return router;
}
