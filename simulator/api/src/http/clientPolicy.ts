// The Content-Security-Policy of the client's own pages (index.html and the SPA fallback; issue 26,
// decision 043). Only the build's own files run (no inline script, no eval), styles come from
// the build's CSS files (React and pdf.js set styles through the DOM, which a policy allows), and
// the page may talk only to its own origin, the API, capture and viewer bases of the served
// config.json and the Extensions helper's host from the same config (http and https, any port:
// the user may change the helper's ports in the Extensions settings). Images
// are the API's (thumbnails, page images), data: (pdf.js) and blob: URLs; pdf.js's worker is a
// file of the build; nothing is framed or embedded, and no other site may frame the client.
// Vite's dev server (`npm run dev`) serves its own index.html with inline script, without this.
import type { ClientConfig } from '@gs/contract/config';

/** What a source in a policy may look like: nothing that could end it (`;`, `,`, quotes). */
const PLAIN_ORIGIN = /^https?:\/\/[a-z0-9.\-[\]:]+$/i;

/** The origin of an absolute http(s) URL, or undefined (a relative base is the page's own). */
function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return PLAIN_ORIGIN.test(origin) ? origin : undefined;
    // not an address: no origin to allow
  } catch {
    return undefined;
  }
}

const unique = (values: (string | undefined)[]): string[] => [
  ...new Set(values.filter((v) => v !== undefined)),
];

/** What a host may look like in a source: a name, IPv4 or bracketed IPv6, nothing else. */
const PLAIN_HOST = /^[a-z0-9.\-[\]:]+$/i;

/**
 * The helper's sources: its host of config.json over http and https, on any port. The ports are
 * the user's to change in the Extensions settings (spec: local settings, helper ports), so the
 * policy cannot pin config.json's; the host is fixed by config.json alone.
 */
export function helperSources(config: ClientConfig): string[] {
  let hostname: string;
  try {
    hostname = new URL(`http://${config.helper.host}`).hostname;
    // a helper host that is no host name: no helper origin to allow
  } catch {
    return [];
  }
  return PLAIN_HOST.test(hostname) ? [`http://${hostname}:*`, `https://${hostname}:*`] : [];
}

/** The policy the client's pages are served with, for the config.json the API serves. */
export function clientPagePolicy(config: ClientConfig): string {
  // the bases may be absolute (a real server elsewhere); relative ones are the page's origin
  const servers = unique([config.apiBase, config.captureBase, config.viewerBase].map(originOf));
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ['style-src', "'self'"],
    ['img-src', "'self'", 'data:', 'blob:', ...servers],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'", ...servers, ...helperSources(config)],
    ['worker-src', "'self'"],
    ['frame-src', "'none'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}
