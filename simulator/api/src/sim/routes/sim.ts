// Test-only endpoints (SIM_TEST_ENDPOINTS=1): take seats away, drop every licence, move the
// clock, run the PDF converter's due work now, put a document into a workflow or out of it.
// Mounted at /__sim only when enabled; otherwise those paths are plain 404s. Anonymous routes of
// route(); a body is read with the simulator's own wording of a 400.
import { Router } from 'express';
import { z } from 'zod';
import type {
  SimClearLicensesResponse,
  SimClockResponse,
  SimPdfConversionResponse,
  SimSeatsRequest,
  SimWorkflowResponse,
} from '@gs/contract/sim';
import { WorkflowState } from '@gs/contract/searches';
import { LicenseType } from '@gs/contract/flags';
import type { Db } from '../../db/connection';
import type { RouteDeps } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { lowerKeys } from '../../http/query';
import { anonymous, route } from '../../http/route';
import { isAdjustable } from '../../testClock';
import type { PdfConverter } from '../../pdf/services/pdfConversion';
import { moveThroughWorkflow } from '../../workflow/services/workflow';
import { messages } from '../../security/services/access';

const seatsBody = z.object({
  type: z.union([
    z.literal(LicenseType.Full),
    z.literal(LicenseType.WebEdit),
    z.literal(LicenseType.ReadOnly),
  ]),
  seats: z.number().int().min(0),
});
const clockBody = z.object({ advancems: z.number().int().min(0) });
const id = z.number().int().positive();
const workflowBody = z.object({
  database: id,
  archive: id,
  document: id,
  status: z.union([
    z.literal(WorkflowState.None),
    z.literal(WorkflowState.Processing),
    z.literal(WorkflowState.Queued),
  ]),
  name: z.string().trim().min(1).max(200).default('Invoice Approval'),
  processid: z.number().int().min(0).default(0),
  queue: z.string().max(200).default(''),
});

/** Who the history shows moving a document through a workflow. */
export const WORKFLOW_USER = 'GlobalAction Service';

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(lowerKeys(body ?? {}));
  if (!result.success) throw badRequest(z.prettifyError(result.error));
  return result.data;
}

export function createSimRouter(deps: RouteDeps, db: Db, pdfConverter: PdfConverter): Router {
  const { repos, licensing, clock } = deps;
  const router = Router();

  router.post(
    '/seats',
    ...route(
      deps,
      { policy: anonymous, body: (raw) => parse(seatsBody, raw), transaction: db },
      (_ctx, { body: { type, seats } }): SimSeatsRequest => {
        repos.licenses.setSeats(type, seats);
        return { Type: type, Seats: seats };
      },
    ),
  );

  router.post(
    '/licenses/clear',
    ...route(deps, { policy: anonymous }, (): SimClearLicensesResponse => ({
      Released: licensing.revokeAllBut(null, true),
    })),
  );

  router.post(
    '/clock',
    ...route(
      deps,
      { policy: anonymous, body: (raw) => parse(clockBody, raw) },
      (_ctx, { body: { advancems } }): SimClockResponse => {
        if (!isAdjustable(clock)) throw badRequest('This server runs on a fixed clock.');
        clock.advance(advancems);
        return { now: clock.now() };
      },
    ),
  );

  router.post(
    '/pdf-conversion',
    ...route(deps, { policy: anonymous }, async (): Promise<SimPdfConversionResponse> => {
      const round = await pdfConverter.runDue();
      return { Converted: round.converted, Pending: round.pending };
    }),
  );

  router.post(
    '/workflow',
    ...route(
      deps,
      { policy: anonymous, body: (raw) => parse(workflowBody, raw), transaction: db },
      (_ctx, { body: w }): SimWorkflowResponse => {
        const archive = repos.archives.byId(w.archive);
        if (!archive || archive.databaseId !== w.database)
          throw notFound(`Archive ${w.archive} does not exist in database ${w.database}.`);
        if (!repos.documents.existsInArchive(w.database, w.archive, w.document))
          throw notFound(messages.document(w.archive, w.document));
        const state = moveThroughWorkflow(repos, {
          databaseId: w.database,
          archiveId: w.archive,
          docId: w.document,
          status: w.status,
          name: w.name,
          processId: w.processid,
          queue: w.queue,
          userName: WORKFLOW_USER,
          now: clock.now(),
        });
        return {
          Document: w.document,
          WorkflowStatus: state?.workflowStatus ?? WorkflowState.None,
          PdfConvertStatus: state?.pdfPending ?? false,
        };
      },
    ),
  );

  return router;
}
