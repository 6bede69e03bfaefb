// route()'s presenters (decision 063): what a handler answered, written to the response. JSON, 200
// with no body for undefined, a file (domain/answers.ts) sent or streamed, or a presenter of its own
// for an answer that is neither (byte ranges, a status, headers and cookies of the sign-in).
import type { Request, Response } from 'express';
import { isFileAnswer, type FileAnswer } from '../domain/answers';

/**
 * A presenter for a wire answer that is neither JSON nor a whole file (byte ranges, a status of its
 * own): the handler has done its work, this only writes the response.
 */
export interface Presenter {
  kind: 'present';
  send: (req: Request, res: Response) => void;
}

export const present = (send: Presenter['send']): Presenter => ({ kind: 'present', send });

/** An answer with a status of its own: 201 with the created thing, 204 with nothing. */
export const withStatus = (status: number, body?: unknown): Presenter =>
  present((_req, res) => {
    if (body === undefined) res.status(status).end();
    else res.status(status).json(body);
  });

const isPresenter = (value: unknown): value is Presenter =>
  typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'present';

/**
 * JSON already serialised (a search reader's Result page, decision 078): the headers `res.json`
 * sets, and the bytes as they are.
 */
export const jsonBytes = (bytes: Uint8Array): Presenter =>
  present((_req, res) => {
    res.set('Content-Type', 'application/json; charset=utf-8');
    res.send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

/** Send what a handler answered (settles once a written file is written). */
export async function sendAnswer(res: Response, answer: unknown, req?: Request): Promise<void> {
  if (req && isPresenter(answer)) {
    answer.send(req, res);
    return;
  }
  if (answer === undefined) {
    res.status(200).end();
    return;
  }
  if (!isFileAnswer(answer)) {
    res.json(answer);
    return;
  }
  await sendFile(res, answer);
}

async function sendFile(res: Response, file: FileAnswer): Promise<void> {
  // the disposition first: Express's attachment() sets a type from the name's extension, and the
  // answer's own type wins
  if (file.disposition) {
    if (file.disposition.kind === 'attachment') res.attachment(file.disposition.fileName);
    else
      res.set('Content-Disposition', `inline; filename="${encodeURIComponent(file.disposition.fileName)}"`);
  }
  res.type(file.type);
  if ('write' in file.source) {
    await file.source.write(res);
    return;
  }
  if ('bytes' in file.source) {
    res.set('Content-Length', String(file.source.bytes.length)).end(file.source.bytes);
    return;
  }
  if ('path' in file.source) {
    res.sendFile(file.source.path);
    return;
  }
  if (file.source.length !== undefined) res.set('Content-Length', String(file.source.length));
  file.source.stream.pipe(res);
}
