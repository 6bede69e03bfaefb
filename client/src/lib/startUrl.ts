// The address the app starts from: old hash routes (`#/view?db=1`) become real paths, and a
// licence token carried in the query (`token` / `Token`) is taken out of the visible address.

export interface StartUrl {
  /** path + query + hash to show, including the base path */
  url: string;
  /** token found in the query, if any */
  token: string | null;
  /** whether `url` differs from the address the browser shows */
  changed: boolean;
}

const isTokenKey = (key: string): boolean => key.toLowerCase() === 'token';

/** `base` is the app's base path ("/" or "/square9web/"). */
export function normalizeStartUrl(href: string, base = '/'): StartUrl {
  const current = new URL(href);
  const basePath = base.endsWith('/') ? base : `${base}/`;
  let pathname = current.pathname;
  let hash = current.hash;
  const params = new URLSearchParams(current.search);

  if (hash.startsWith('#/')) {
    // "#/view?db=1" — the part after "#" is the real route below the base path.
    const route = hash.slice(2);
    const queryAt = route.indexOf('?');
    const routePath = queryAt >= 0 ? route.slice(0, queryAt) : route;
    const routeQuery = queryAt >= 0 ? route.slice(queryAt + 1) : '';
    pathname = `${basePath}${routePath}`;
    for (const [key, value] of new URLSearchParams(routeQuery)) params.set(key, value);
    hash = '';
  }
  if (pathname.endsWith('/index.html')) pathname = pathname.slice(0, -'index.html'.length);

  let token: string | null = null;
  for (const key of [...params.keys()]) {
    if (!isTokenKey(key)) continue;
    token = params.get(key) || token;
    params.delete(key);
  }
  const search = params.toString();
  const url = `${pathname}${search ? `?${search}` : ''}${hash}`;
  const shown = `${current.pathname}${current.search}${current.hash}`;
  return { url, token, changed: url !== shown };
}
