// The signed-in user's account (`users`), their password change and their delegation (`delegate`);
// shapes in contract/src/account.ts and delegation.ts (decision 022).
import { accountPaths, type Account, type PasswordChange } from '@gs/contract/account';
import { delegationPaths, type Delegation, type DelegationUpdate } from '@gs/contract/delegation';
import type { Http } from './http';

export function getAccount(http: Http): Promise<Account> {
  return http.request<Account>(accountPaths.users());
}

export async function changeOwnPassword(http: Http, token: string, change: PasswordChange): Promise<void> {
  await http.request<unknown>(accountPaths.selfPasswordChange(token), { method: 'POST', body: change });
}

export function getDelegation(http: Http): Promise<Delegation> {
  return http.request<Delegation>(delegationPaths.delegate());
}

export function saveDelegation(http: Http, update: DelegationUpdate): Promise<Delegation> {
  return http.request<Delegation>(delegationPaths.delegate(), { method: 'POST', body: update });
}
