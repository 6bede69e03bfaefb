// Requests Node's HTTP parser refuses before express sees them: headers (request line and query
// included) over Node's 16 KiB limit, a malformed request line, a request that takes too long.
// Node would answer a bare 431/400 without a body; the helper answers them like every other
// refusal, JSON with a Message (and the reason in MessageDetail, as the API does), and logs one line.
import { STATUS_CODES, type Server } from 'node:http';
import type { Server as TlsServer } from 'node:https';
import type { Duplex } from 'node:stream';
import { INVALID_REQUEST } from '@gs/contract/errors';
import { consoleLog, type HelperLog } from './errors';

interface ParserError extends Error {
  code?: string;
}

const statusOf = (err: ParserError): number =>
  err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;

const DETAILS: Readonly<Record<number, string>> = {
  431: 'The request headers (with the address and its query) are larger than the helper accepts.',
  408: 'The request took too long to arrive.',
  400: 'The request is not valid HTTP.',
};

/** Answers the parser's refusals of `server` (http or https) with a JSON body. */
export function answerClientErrors(server: Server | TlsServer, log: HelperLog = consoleLog): void {
  server.on('clientError', (err: ParserError, socket: Duplex) => {
    // a connection reset or already answered: nobody to answer
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = statusOf(err);
    const body = JSON.stringify({ Message: INVALID_REQUEST, MessageDetail: DETAILS[status] });
    log(`${status} (refused by the HTTP parser): ${err.code ?? err.message}`);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-cache\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
