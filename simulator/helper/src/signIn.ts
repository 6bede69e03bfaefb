// At start the tray app checks its stored credentials against the API it is pointed at and logs
// the outcome; an unreachable API is retried with backoff and never stops the helper from
// starting. It asks with Basic alone (`GET admin`, the user's name), which consumes no licence:
// a check of the credentials needs no seat (the API gives each sign-in its own token, so taking
// and releasing one would end no other session of the user, decision 056).
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

export type SignInResult = { ok: true; user: string } | { ok: false; reason: string };

async function checkCredentials(o: SignInOptions, fetchImpl: typeof fetch): Promise<SignInResult> {
  const base = o.apiPath.replace(/\/?$/, '/');
  const auth = `Basic ${Buffer.from(`${o.user}:${o.password}`).toString('base64')}`;
  const res = await fetchImpl(`${base}api/admin`, {
    headers: { Authorization: auth },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok)
    return { ok: false, reason: `sign-in refused: ${res.status} ${(await res.text()).slice(0, 200)}` };
  // a body that is not JSON names no user: the reason below says so
  const user: unknown = await res.json().catch(() => undefined);
  return typeof user === 'string'
    ? { ok: true, user }
    : { ok: false, reason: 'the API did not name the user' };
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
      result = await checkCredentials(o, fetchImpl);
      if (result.ok || !result.reason.startsWith('sign-in refused: 5')) break;
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
      ? `signed in to ${o.apiPath} as ${result.user} (credentials checked, no licence taken)`
      : `sign-in failed: ${result.reason}`,
  );
  return result;
}
