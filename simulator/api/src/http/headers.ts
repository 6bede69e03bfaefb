// The headers IIS/ASP.NET put on every Square9API response (wire doc §1, real-server trace).
// Browsers of other origins reach the API through the permissive CORS headers; the preflight
// is answered here so no route has to know about OPTIONS.
import type { RequestHandler } from 'express';
import { TOKEN_RESPONSE_HEADER } from '@gs/contract/licenses';

export const IIS_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'no-cache',
  Pragma: 'no-cache',
  Expires: '-1',
  Server: 'Microsoft-IIS/10.0',
  'X-AspNet-Version': '4.0.30319',
  'X-Powered-By': 'ASP.NET',
};

export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET,HEAD,POST,DEBUG,PUT,DELETE,PATCH,OPTIONS',
  'Access-Control-Allow-Headers':
    'Origin,X-Requested-With,Content-Type,Accept,Authorization,Auth-Token,Onedrive-Token',
  'Access-Control-Expose-Headers': TOKEN_RESPONSE_HEADER,
};

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

export const apiHeaders: RequestHandler = (req, res, next) => {
  res.set(IIS_HEADERS);
  res.set(CORS_HEADERS);
  if (req.method === 'OPTIONS') {
    res.status(200).set('Content-Length', '0').end();
    return;
  }
  res.set('Content-Type', JSON_CONTENT_TYPE);
  next();
};
