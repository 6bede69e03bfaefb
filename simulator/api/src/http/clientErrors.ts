// Requests Node's HTTP parser refuses before Express sees them: headers (request line and query
// included) over Node's 16 KiB limit, malformed request lines, timeouts. Node would answer a bare
// 431/400 without a body; the API answers them as ASP.NET does every error, with a JSON Message,
// and logs one line. (Node counts the URL in the header limit, so a huge query is a 431 too.)
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { INVALID_REQUEST } from '@gs/contract/errors';

interface ParserError extends Error {
  code?: string;
}

export function statusOfClientError(err: ParserError): number {
  if (err.code === 'HPE_HEADER_OVERFLOW') return 431;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

const DETAILS: Readonly<Record<number, string>> = {
  431: 'The request headers (with the address and its query) are larger than the server accepts.',
  408: 'The request took too long to arrive.',
  400: 'The request is not valid HTTP.',
};

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: ParserError, socket: Duplex) => {
    // a connection reset or already answered: nobody to answer
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = statusOfClientError(err);
    const body = JSON.stringify({ Message: INVALID_REQUEST, MessageDetail: DETAILS[status] });
    console.warn(`${status} (refused by the HTTP parser): ${err.code ?? err.message}`);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  });
}
