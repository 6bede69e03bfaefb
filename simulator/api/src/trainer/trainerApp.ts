// The trainer page and its JSON API at /trainer (issue 18, decision 034; our design). On only when
// a trainer password is set (TRAINER_PASSWORD): HTTP Basic, any user name, with the sign-in's
// back-off (trainerAuth.ts). Off, /trainer is a 404. Every action is a POST with a JSON body (a
// cross-site form cannot send one without CORS, which /trainer never grants), so a browser holding
// the trainer's credentials cannot be made to act. Licences are listed and released per user (a
// seat, with how many sign-ins hold it) by an opaque id, never a token (decisions 045, 056).
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type RequestHandler } from 'express';
import { z } from 'zod';
import { notFoundMessage } from '@gs/contract/errors';
import { LicenseType } from '@gs/contract/flags';
import { SCAN_FAULTS } from '@gs/contract/helper';
import { TRAINER_ROOT, type TrainerLoadResponse, type TrainerState } from '@gs/contract/trainer';
import type { LicenseRow } from '../licensing/repos/licensesRepo';
import { seatId } from '../security/repos/secureIds';
import { badRequest, errorHandler, HttpError, requestUri } from '../http/errors';
import { noSniff } from '../http/securityHeaders';
import { lowerKeys } from '../http/query';
import type { LiveData } from '../rooms/liveData';
import { trainerPage } from './page';
import type { TrainerRoom } from './room';
import { trainerLanguage } from './strings';
import { requireTrainer } from './trainerAuth';

export const isTrainerPath = (url: string | undefined): boolean => /^\/trainer(?:[/?#]|$)/i.test(url ?? '');

/** /trainer while no trainer password is set: nothing there. */
export const trainerOff = (req: IncomingMessage, res: ServerResponse): void => {
  const path = (req.url ?? '').split('?')[0] ?? '';
  res.statusCode = 404;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.end(JSON.stringify({ Message: notFoundMessage(`http://${req.headers.host ?? ''}${path}`) }));
};

export interface TrainerAppOptions {
  password: string;
  live: LiveData;
  room: TrainerRoom;
}

const jsonOnly: RequestHandler = (req, _res, next) => {
  if (req.method === 'POST' && !req.is('application/json'))
    throw new HttpError(415, {
      Message: 'The trainer API takes a JSON body (Content-Type: application/json).',
    });
  next();
};

const typeCode = z.union([
  z.literal(LicenseType.Full),
  z.literal(LicenseType.WebEdit),
  z.literal(LicenseType.ReadOnly),
]);
const bodies = {
  scenario: z.object({ scenario: z.string().min(1).max(100) }),
  seats: z.object({ type: typeCode, seats: z.number().int().min(0).max(100_000) }),
  release: z.object({ id: z.string().min(1).max(200) }),
  faults: z.object({ faults: z.array(z.enum(SCAN_FAULTS)).max(SCAN_FAULTS.length * 2) }),
  // at most a year either way
  clock: z.object({ offsetms: z.number().int().min(-31_536_000_000).max(31_536_000_000) }),
};
function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(lowerKeys(body ?? {}));
  if (!result.success) throw badRequest(z.prettifyError(result.error));
  return result.data;
}

/** the live licences per user: one seat each, the last used first within a seat */
function seatsOf(licenses: readonly LicenseRow[]): LicenseRow[][] {
  const byUser = new Map<number, LicenseRow[]>();
  for (const l of licenses) byUser.set(l.userId, [...(byUser.get(l.userId) ?? []), l]);
  return [...byUser.values()].map((rows) => rows.sort((a, b) => b.accessedAt - a.accessedAt));
}

function stateOf(live: LiveData, room: TrainerRoom): TrainerState {
  const { repos, licensing, clock, secret } = live.deps();
  const seats = seatsOf(licensing.allLive());
  return {
    Scenario: room.current(),
    Scenarios: [...room.scenarios()],
    Seats: Object.values(LicenseType).map((Type) => ({
      Type,
      Seats: repos.licenses.seats(Type),
      InUse: seats.filter((rows) => rows[0]?.type === Type).length,
    })),
    Licenses: seats.flatMap(([last, ...rest]) =>
      last
        ? [
            {
              Id: seatId(secret, last.userId),
              User: last.username,
              Type: last.type,
              LastAccess: last.accessedAt,
              SignIns: rest.length + 1,
            },
          ]
        : [],
    ),
    FaultChoices: [...room.faultChoices()],
    Faults: [...room.faults()],
    ClockOffsetMs: live.clock.offset(),
    Now: clock.now(),
    Helper: room.helper(),
  };
}

export function createTrainerApp({ password, live, room }: TrainerAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(noSniff);
  const router = express.Router();
  router.use(requireTrainer(password, live.deps().config.loginBackoff));
  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store');
    next();
  });
  router.use(jsonOnly, express.json({ limit: '16kb' }));

  const load = async (name: string): Promise<TrainerLoadResponse> => {
    if (!room.scenarios().includes(name))
      throw badRequest(`Scenario must be one of ${room.scenarios().join(', ')}; got '${name}'.`);
    const started = performance.now();
    const { seeded } = await room.load(name);
    return { Scenario: name, Ms: Math.round(performance.now() - started), Seeded: seeded };
  };

  router.get('/', (req, res) => {
    const lang = trainerLanguage(req.query.lang, req.get('accept-language'));
    res.type('html').send(trainerPage(stateOf(live, room), lang));
  });
  router.get('/api/state', (_req, res) => {
    res.json(stateOf(live, room));
  });
  router.post('/api/scenario', async (req, res) => {
    res.json(await load(parse(bodies.scenario, req.body).scenario));
  });
  router.post('/api/reset', async (_req, res) => {
    res.json(await load(room.current()));
  });
  router.post('/api/seats', (req, res) => {
    const { type, seats } = parse(bodies.seats, req.body);
    const { repos } = live.deps();
    repos.licenses.transaction(() => repos.licenses.setSeats(type, seats));
    res.json(stateOf(live, room).Seats);
  });
  router.post('/api/licenses/release', (req, res) => {
    const { id } = parse(bodies.release, req.body);
    const { licensing, secret } = live.deps();
    const license = licensing.allLive().find((l) => seatId(secret, l.userId) === id);
    // every sign-in of the user ends, as the licence manager's force logout does
    if (!license || !licensing.revoke(license.token, true))
      throw new HttpError(404, { Message: 'No such licence.' });
    res.json(true);
  });
  router.post('/api/faults', (req, res) => {
    const { faults } = parse(bodies.faults, req.body);
    const choices = room.faultChoices();
    const unknown = faults.find((f) => !choices.includes(f));
    if (unknown) throw badRequest(`The scanner offers no fault '${unknown}' here.`);
    room.setFaults(faults);
    res.json([...room.faults()]);
  });
  router.post('/api/clock', (req, res) => {
    live.clock.setOffset(parse(bodies.clock, req.body).offsetms);
    res.json({ OffsetMs: live.clock.offset(), Now: live.clock.now() });
  });
  router.use((req, res) => {
    res.status(404).json({ Message: notFoundMessage(requestUri(req)) });
  });
  app.use(TRAINER_ROOT, router);
  app.use(errorHandler);
  return app;
}
