// Delegation (end-user spec §3, §6; decision 022). A user allowed to delegate (users.can_delegate)
// turns it on and names delegates; while it is on, each delegate also works the delegator's tasks.
import type { Delegation, DelegationUpdate } from '@gs/contract/delegation';
import { MAX_DELEGATES, readOnlyDelegateMessage } from '@gs/contract/delegation';
import { LicenseType } from '@gs/contract/flags';
import type { Repos } from '../../db/repos';
import { badRequest } from '../../domain/errors';

const EMAIL = /^[^\s@]+@[^\s@]+$/u;

export function readDelegation(
  repos: Repos,
  userId: number,
  userName: string,
  canDelegate: boolean,
): Delegation {
  const row = repos.account.delegation(userId);
  return {
    Permissions: canDelegate,
    Active: canDelegate && row.active,
    CurrentUser: userName,
    Delegates: row.delegates.map((d) => ({ User: userName, Delegate: d })),
    Emails: row.emails,
    Candidates: canDelegate ? repos.account.otherUserNames(userId) : [],
  };
}

const field = (record: Record<string, unknown>, name: string): unknown =>
  record[Object.keys(record).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name];

/** The body checked whole before anything is written: bad input changes nothing. */
export function parseDelegationUpdate(body: unknown): DelegationUpdate {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('A body {Active, Delegates, Emails} is required.');
  const record = body as Record<string, unknown>;
  const active = field(record, 'Active');
  const delegates = field(record, 'Delegates') ?? [];
  const emails = field(record, 'Emails') ?? [];
  if (typeof active !== 'boolean') throw badRequest(`'Active' must be true or false.`);
  if (!Array.isArray(delegates) || !delegates.every((d) => typeof d === 'string'))
    throw badRequest(`'Delegates' must be a list of user names.`);
  if (delegates.length > MAX_DELEGATES) throw badRequest(`At most ${MAX_DELEGATES} delegates.`);
  if (
    !Array.isArray(emails) ||
    !emails.every((e) => typeof e === 'string' && e.length <= 254 && EMAIL.test(e))
  )
    throw badRequest(`'Emails' must be a list of e-mail addresses.`);
  if (emails.length > MAX_DELEGATES) throw badRequest(`At most ${MAX_DELEGATES} addresses.`);
  return { Active: active, Delegates: delegates as string[], Emails: emails as string[] };
}

/** Delegate user names to ids; unknown names, the user themselves and read-only licences are refused. */
export function delegateIds(repos: Repos, userId: number, names: readonly string[]): number[] {
  const ids = new Set<number>();
  for (const name of names) {
    const found = repos.account.userIdByName(name.trim());
    if (!found) throw badRequest(`The user ${name} does not exist.`);
    if (found.id === userId) throw badRequest('A user cannot be their own delegate.');
    if (found.licenseType === LicenseType.ReadOnly) throw badRequest(readOnlyDelegateMessage(found.name));
    ids.add(found.id);
  }
  if (ids.size === 0 && names.length > 0) throw badRequest(`'Delegates' names no user.`);
  return [...ids];
}

/**
 * The seam for the workflow engine: whose tasks this user works besides their own. A task list
 * for a user is theirs plus those of every user returned here (each allowed to delegate, with
 * delegation on and naming this user). No task list exists yet: the
 * workflow engine is to call this when it lists a user's tasks (delegation.test.ts holds its contract).
 */
export function taskOwnersFor(repos: Repos, userId: number): number[] {
  return [userId, ...repos.account.activeDelegatorsOf(userId)];
}
