// Scan API of the scanner simulator (paths in contract/helper.ts scanPaths; docs/helper-api.md).
// Reading (serial, scanners, status, chunks, words) is open; everything that starts work (a
// session, a job, its start, a merge, the end of a session, the test fault) needs the client's
// page (an allowed Origin) or the user's token: `guard` (decision 047).
import { Router, type Request, type RequestHandler } from 'express';
import {
  HELPER_VERSION,
  SCAN_CHUNK_HEADERS,
  SCAN_CHUNK_SIZE,
  SCAN_FAULTS,
  type ScanFault,
  type ScanFileInfo,
  type ScanJobRequest,
  type ScanJobResponse,
  type ScanMergeResponse,
  type ScanScannersResponse,
  type ScanSessionResponse,
  type ScanWordsResponse,
} from '@gs/contract/helper';
import { HelperError, badRequest } from '../errors';
import { SCANNER_PROFILES } from '../scanner/profiles';
import type { ScanFile, ScanService } from '../scanner/service';

const isFault = (v: unknown): v is ScanFault =>
  typeof v === 'string' && (SCAN_FAULTS as readonly string[]).includes(v);

function body(req: Request): Record<string, unknown> {
  const b: unknown = req.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : {};
}

function optionalNumber(v: unknown, name: string): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    throw badRequest(`${name} must be a whole number.`);
  return v;
}

function jobRequest(b: Record<string, unknown>): ScanJobRequest {
  if (b.Fault !== undefined && b.Fault !== null && !isFault(b.Fault))
    throw badRequest(`Fault must be one of ${SCAN_FAULTS.join(', ')}.`);
  if (b.Scanner !== undefined && typeof b.Scanner !== 'string')
    throw badRequest('Scanner must be a scanner name.');
  if (b.Format !== undefined && b.Format !== 'tiff' && b.Format !== 'pdf')
    throw badRequest('Format must be tiff or pdf.');
  return {
    Scanner: b.Scanner,
    Format: b.Format,
    Pages: optionalNumber(b.Pages, 'Pages'),
    Fault: isFault(b.Fault) ? b.Fault : undefined,
    FaultAfter: optionalNumber(b.FaultAfter, 'FaultAfter'),
  };
}

/** The session merge's `Jobs` (any casing): job IDs as strings or numbers, in page order. */
function jobIds(b: Record<string, unknown>): string[] {
  const key = Object.keys(b).find((k) => k.toLowerCase() === 'jobs');
  const list = key === undefined ? undefined : b[key];
  if (!Array.isArray(list)) throw badRequest('Jobs must be a list of scan job IDs.');
  return list.map((id: unknown) => {
    if (typeof id === 'number' && Number.isInteger(id)) return String(id);
    if (typeof id === 'string' && id !== '') return id;
    throw badRequest('Jobs must be a list of scan job IDs.');
  });
}

/** `?chunk=N`, 0-based, default 0. */
function chunkIndex(req: Request, file: ScanFile): number {
  const raw = req.query.chunk;
  if (raw === undefined) return 0;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) throw badRequest('chunk must be a chunk number from 0.');
  const index = Number(raw);
  if (index >= file.ChunkCount)
    throw new HelperError(
      416,
      `chunk ${index} is out of range: ${file.Name} has ${file.ChunkCount} chunk(s), numbered from 0.`,
    );
  return index;
}

const info = ({ Name, Size, Pages, ContentType, ChunkSize, ChunkCount }: ScanFile): ScanFileInfo => ({
  Name,
  Size,
  Pages,
  ContentType,
  ChunkSize,
  ChunkCount,
});

export interface ScanRouterOptions {
  service: ScanService;
  testEndpoints: boolean;
  /** runs before every route that starts work (any method but GET and HEAD) */
  guard: RequestHandler;
}

function fileRoutes(router: Router, service: ScanService): void {
  router.get('/session/:id/files/:name', (req, res) => {
    const file = service.file(service.session(req.params.id), req.params.name);
    const index = chunkIndex(req, file);
    const start = index * SCAN_CHUNK_SIZE;
    const bytes = file.bytes.subarray(start, Math.min(file.Size, start + SCAN_CHUNK_SIZE));
    res.setHeader('Content-Type', 'application/octet-stream');
    res.setHeader(SCAN_CHUNK_HEADERS.totalSize, String(file.Size));
    res.setHeader(SCAN_CHUNK_HEADERS.chunkCount, String(file.ChunkCount));
    res.setHeader(SCAN_CHUNK_HEADERS.chunkIndex, String(index));
    res.setHeader('Content-Range', `bytes ${start}-${start + bytes.length - 1}/${file.Size}`);
    res.setHeader(
      'Access-Control-Expose-Headers',
      `${Object.values(SCAN_CHUNK_HEADERS).join(',')},Content-Range`,
    );
    res.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
  router.get('/session/:id/files/:name/words', (req, res) => {
    const file = service.file(service.session(req.params.id), req.params.name);
    const page = Number(req.query.page ?? 1);
    const words = file.words[page - 1];
    const size = file.pageSizes[page - 1];
    if (!Number.isInteger(page) || !words || !size) throw badRequest(`page must be from 1 to ${file.Pages}.`);
    const out: ScanWordsResponse = {
      Page: page,
      Width: size.width,
      Height: size.height,
      Dpi: size.dpi,
      Words: words,
    };
    res.json(out);
  });
}

export function scanRouter({ service, testEndpoints, guard }: ScanRouterOptions): Router {
  const router = Router();
  router.use((req, res, next) =>
    req.method === 'GET' || req.method === 'HEAD' ? next() : guard(req, res, next),
  );
  router.get('/serial', (_req, res) => {
    res.json({ Serial: 'GSX-SIM-0001-2026', Version: HELPER_VERSION });
  });
  router.get('/scanners', (_req, res) => {
    const out: ScanScannersResponse = {
      Default: SCANNER_PROFILES[0]?.Name ?? '',
      Scanners: [...SCANNER_PROFILES],
    };
    res.json(out);
  });
  router.post('/session', (req, res) => {
    const session = service.createSession(optionalNumber(body(req).Seed, 'Seed'));
    const out: ScanSessionResponse = { SessionID: session.id, Timeout: service.timeoutSeconds };
    res.json(out);
  });
  router.delete('/session/:id', (req, res) => {
    service.deleteSession(req.params.id);
    res.json(true);
  });
  router.post('/session/:id/job', (req, res) => {
    const job = service.createJob(service.session(req.params.id), jobRequest(body(req)));
    const out: ScanJobResponse = {
      JobID: job.s.id,
      Scanner: job.s.profile.Name,
      Format: job.s.format,
      Pages: job.s.pages,
    };
    res.json(out);
  });
  router.post('/session/:id/job/:job/start', (req, res) => {
    const job = service.job(service.session(req.params.id), req.params.job);
    if (job.startedAt !== undefined)
      throw new HelperError(409, `Scan job ${job.s.id} has already been started.`);
    job.start(service.now());
    res.json(job.status(service.now()));
  });
  router.get('/session/:id/job/:job/status', (req, res) => {
    const job = service.job(service.session(req.params.id), req.params.job);
    if (job.startedAt === undefined) throw new HelperError(409, `Scan job ${job.s.id} has not been started.`);
    res.json(job.status(service.now()));
  });
  router.post('/session/:id/job/:job/merge', async (req, res) => {
    const session = service.session(req.params.id);
    const file = await service.merge(session, service.job(session, req.params.job));
    const out: ScanMergeResponse = { Files: [info(file)] };
    res.json(out);
  });
  router.post('/session/:id/merge', async (req, res) => {
    const session = service.session(req.params.id);
    const file = await service.mergeSession(session, jobIds(body(req)));
    const out: ScanMergeResponse = { Files: [info(file)] };
    res.json(out);
  });
  fileRoutes(router, service);
  router.post('/test/fault', (req, res, next) => {
    if (!testEndpoints) return next();
    const b = body(req);
    if (b.Fault !== null && !isFault(b.Fault))
      throw badRequest(`Fault must be null or one of ${SCAN_FAULTS.join(', ')}.`);
    service.setNextFault(b.Fault, optionalNumber(b.FaultAfter, 'FaultAfter'));
    res.json(true);
  });
  return router;
}
