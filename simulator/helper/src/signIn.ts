// At start the tray app signs in to the API it is pointed at: it takes a licence with its stored
// credentials and releases it at once. The simulator does the same and logs the outcome; an
// unreachable API is retried with backoff and never stops the helper from starting.
export interface SignInOptions {
  apiPath: string;
  user: string;
  password: string;
  attempts?: number;
  /** first retry delay; doubles each time */
  backoffMs?: number;
  log?: (line: string) => void;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export type SignInResult = { ok: true; token: string } | { ok: false; reason: string };

async function takeAndRelease(o: SignInOptions, fetchImpl: typeof fetch): Promise<SignInResult> {
  const base = o.apiPath.replace(/\/?$/, '/');
  const auth = `Basic ${Buffer.from(`${o.user}:${o.password}`).toString('base64')}`;
  const res = await fetchImpl(`${base}api/licenses`, {
    headers: { Authorization: auth },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok)
    return { ok: false, reason: `licence refused: ${res.status} ${(await res.text()).slice(0, 200)}` };
  const licence = (await res.json()) as { Token?: unknown };
  if (typeof licence.Token !== 'string') return { ok: false, reason: 'licence without a Token' };
  const released = await fetchImpl(`${base}api/licenses/${encodeURIComponent(licence.Token)}`, {
    method: 'DELETE',
    headers: { Authorization: auth },
    signal: AbortSignal.timeout(10_000),
  });
  if (!released.ok)
    return { ok: false, reason: `licence ${licence.Token} taken but not released: ${released.status}` };
  return { ok: true, token: licence.Token };
}

export async function signIn(o: SignInOptions): Promise<SignInResult> {
  const log = o.log ?? ((line: string) => console.log(`[helper] ${line}`));
  const fetchImpl = o.fetchImpl ?? fetch;
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const attempts = o.attempts ?? 4;
  let delay = o.backoffMs ?? 1000;
  let result: SignInResult = { ok: false, reason: 'not tried' };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      result = await takeAndRelease(o, fetchImpl);
      if (result.ok || !result.reason.startsWith('licence refused: 5')) break;
    } catch (error) {
      result = {
        ok: false,
        reason: `API unreachable at ${o.apiPath}: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
    if (attempt < attempts) await sleep(delay);
    delay *= 2;
  }
  log(
    result.ok
      ? `signed in to ${o.apiPath} as ${o.user} (licence taken and released)`
      : `sign-in failed: ${result.reason}`,
  );
  return result;
}
