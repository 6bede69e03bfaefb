// The analytics service at /square9analytics/analytics (decision 039), beside the Square9API with
// the same front (headers, token or Basic) and error envelope:
// - Actions/GetData[/{user}]: the public Square9Analytics page's call (contract analytics.ts)
// - Actions/Counts, Actions/Capture, Actions/Workflow: our design, what /analytics charts.
// Reads only; every range is bounded (range.ts) and GetData refuses rather than send a huge answer.
import { Router } from 'express';
import { z } from 'zod';
import {
  ANALYTICS_ACTIONS,
  GETDATA_ACTIONS,
  GETDATA_MAX_ROWS,
  type GetDataAction,
  type GetDataResponse,
} from '@gs/contract/analytics';
import { PortalType } from '@gs/contract/capture';
import type { Db } from '../../db/connection';
import { createAnalyticsRepo } from '../repos/analyticsRepo';
import { createAnalyticsRollupRepo } from '../repos/analyticsRollupRepo';
import { createFigureRollupRepo } from '../repos/figureRollupRepo';
import type { RouteDeps } from '../../deps';
import { createApiFront } from '../../http/apiFront';
import { apiNotFound, badRequest, errorHandler } from '../../http/errors';
import { queryLookup, route, signedIn, type RouteContext } from '../../http/route';
import { parseId, type Lookup } from '../../lib/keys';
import { batchRights } from '../../capture/services/batchRights';
import { isHistoryCategory } from '../../documents/services/history';
import { actionCounts, captureFigures, workflowFigures } from '../services/figures';
import { localStamp, rangeOf } from '../services/range';
import { databaseParam, readableArchives, scopeMessages, scopeOf } from '../services/scope';

export const analyticsMessages = {
  action: (value: string) =>
    `The value '${value.slice(0, 40)}' of 'action' is not one of ${Object.keys(GETDATA_ACTIONS).join(', ')}.`,
  actions: (value: string) => `'${value.slice(0, 40)}' in 'actions' is not a history category.`,
  tooMany: (max: number) =>
    `The range holds more than ${max} entries; ask for a shorter range or use Actions/Counts.`,
};

function isGetDataAction(value: string): value is GetDataAction {
  return Object.hasOwn(GETDATA_ACTIONS, value);
}

function actionsOf(q: Lookup): string[] {
  const text = q('actions');
  if (text === undefined || text.trim() === '') return [...ANALYTICS_ACTIONS];
  const list = [
    ...new Set(
      text
        .split(',')
        .map((a) => a.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  const bad = list.find((a) => !isHistoryCategory(a));
  if (bad !== undefined) throw badRequest(analyticsMessages.actions(bad));
  return list.length ? list : [...ANALYTICS_ACTIONS];
}

/** `GetData/{user}` names a user in the path, else `user` of the query may */
const params = z.object({ user: z.string().optional() });

const userOf = (q: Lookup, path: z.output<typeof params>): string | undefined => {
  const user = (path.user ?? q('user'))?.trim();
  return user ? user : undefined;
};

/** the query is read as it goes: its range, scope and names answer with their own Messages */
const spec = { params, query: queryLookup, policy: signedIn };
type Input = { params: z.output<typeof params>; query: Lookup };

export function createAnalyticsRouter(deps: RouteDeps, db: Db): Router {
  const repo = createAnalyticsRepo(db);
  const rollups = createAnalyticsRollupRepo(db);
  const figureRollups = createFigureRollupRepo(db);
  const router = Router();
  router.use(createApiFront(deps.auth, deps.config.corsOrigins));

  const getData = ({ caller, access }: RouteContext, { params: path, query: q }: Input): GetDataResponse => {
    const actionText = (q('action') ?? '').trim().toLowerCase();
    if (!isGetDataAction(actionText)) throw badRequest(analyticsMessages.action(actionText));
    const action = GETDATA_ACTIONS[actionText];
    const range = rangeOf(q);
    const user = userOf(q, path) ?? null;
    const chosen = databaseParam(q);
    const databases = chosen === undefined ? access.visibleDatabases().map((d) => d.Id) : [chosen];
    const users = new Set<string>();
    const times: number[] = [];
    for (const databaseId of databases) {
      const archives = readableArchives(deps, caller, databaseId);
      const args = { databaseId, start: range.start, end: range.end, archives };
      const rows = repo.log(args, action.category, user, GETDATA_MAX_ROWS + 1 - times.length);
      if (times.length + rows.length > GETDATA_MAX_ROWS)
        throw badRequest(analyticsMessages.tooMany(GETDATA_MAX_ROWS));
      for (const r of rows) times.push(r.time);
      for (const u of repo.logUsers(args, action.category)) users.add(u);
    }
    times.sort((a, b) => a - b);
    const body: GetDataResponse = {
      Users: [...users].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
      Log: times.map((t) => ({ Date: localStamp(t, range.tzOffset), Action: action.label })),
    };
    return body;
  };
  router.get('/Actions/GetData', ...route(deps, spec, getData));
  router.get('/Actions/GetData/:user', ...route(deps, spec, getData));

  router.get(
    '/Actions/Counts',
    ...route(deps, spec, ({ caller }, { params: path, query: q }) => {
      const actions = actionsOf(q);
      const range = rangeOf(q);
      const scope = scopeOf(deps, q, caller);
      return actionCounts(rollups, scope, range, actions, userOf(q, path));
    }),
  );

  router.get(
    '/Actions/Capture',
    ...route(deps, spec, ({ caller, access }, { query: q }) => {
      const range = rangeOf(q);
      const rights = batchRights(deps, caller);
      const portalText = q('portal') ?? q('portalid');
      const named =
        portalText === undefined || portalText.trim() === ''
          ? undefined
          : rights.portal(parseId(portalText, 'portal'));
      const databaseId = databaseParam(q) ?? named?.databaseId;
      if (databaseId === undefined) throw badRequest(scopeMessages.databaseRequired);
      access.database(databaseId);
      const archiveText = q('archive') ?? q('archiveid');
      const archive = archiveText?.trim() ? parseId(archiveText, 'archive') : 0;
      // an analytics portal stands for its database and archive; a batch portal for itself
      const onlyArchive = archive || (named?.type === PortalType.Analytics ? named.archiveId : 0);
      const portals = rights
        .visiblePortals()
        .filter(
          (p) =>
            p.type === PortalType.Batch &&
            p.databaseId === databaseId &&
            (named?.type !== PortalType.Batch || p.id === named.id) &&
            (onlyArchive === 0 || p.archiveId === onlyArchive),
        )
        .map((p) => p.id);
      return captureFigures(figureRollups, portals, range);
    }),
  );

  router.get(
    '/Actions/Workflow',
    ...route(deps, spec, ({ caller }, { query: q }) => {
      const range = rangeOf(q);
      const scope = scopeOf(deps, q, caller);
      return workflowFigures(figureRollups, scope, range);
    }),
  );

  router.use(apiNotFound);
  router.use(errorHandler);
  return router;
}
