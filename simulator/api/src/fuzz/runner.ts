// Sends fuzz requests over real HTTP (one keep-alive agent, a time limit per request) and judges
// each answer: a 5xx, a 4xx without a `Message`, or no answer at all is a finding.
import { Agent, request as httpRequest } from 'node:http';
import { ALL_LICENSES_IN_USE } from '@gs/contract/licenses';
import type { FuzzRequest } from './inputs';

export interface FuzzAnswer {
  status: number;
  /** 0: no answer within the limit, or the connection failed */
  body: Buffer;
  contentType: string;
}

export interface Finding {
  service: string;
  route: string;
  request: string;
  bodyKind: string;
  status: number;
  why: string;
  answer: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One request to `base` (e.g. http://127.0.0.1:8080); never rejects. */
export function send(base: string, r: FuzzRequest, timeoutMs: number): Promise<FuzzAnswer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: FuzzAnswer) => {
      if (!settled) {
        settled = true;
        resolve(answer);
      }
    };
    let req;
    try {
      req = httpRequest({
        agent,
        host: url.hostname,
        port: url.port,
        method: r.method,
        path: r.target,
        headers: { ...r.headers, ...(r.body ? { 'Content-Length': String(r.body.length) } : {}) },
        timeout: timeoutMs,
      });
    } catch (error) {
      // a request Node itself refuses to send (e.g. an invalid header) never reaches the server
      done({ status: -1, body: Buffer.from(String(error)), contentType: '' });
      return;
    }
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks),
          contentType: String(res.headers['content-type'] ?? ''),
        }),
      );
      res.on('error', () => done({ status: 0, body: Buffer.alloc(0), contentType: '' }));
    });
    req.on('timeout', () => {
      req.destroy();
      done({ status: 0, body: Buffer.from('timeout'), contentType: '' });
    });
    req.on('error', (error) => done({ status: 0, body: Buffer.from(String(error)), contentType: '' }));
    req.end(r.body);
  });
}

const hasMessage = (a: FuzzAnswer): boolean => {
  try {
    const parsed: unknown = JSON.parse(a.body.toString('utf8'));
    if (parsed === ALL_LICENSES_IN_USE) return true; // the real server's bare-string 400
    return (
      !!parsed && typeof parsed === 'object' && typeof (parsed as { Message?: unknown }).Message === 'string'
    );
  } catch {
    // not JSON: no Message
    return false;
  }
};

/** Why an answer is a finding, or undefined when it is fine. */
export function judge(a: FuzzAnswer): string | undefined {
  if (a.status === -1) return undefined;
  if (a.status === 0) return `no answer (${a.body.toString('utf8').slice(0, 120)})`;
  if (a.status >= 500) return `server error ${a.status}`;
  if (a.status >= 400 && !hasMessage(a)) return `${a.status} without a Message`;
  return undefined;
}

export function closeAgent(): void {
  agent.destroy();
}
