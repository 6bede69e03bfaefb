// Delegation (end-user spec §3, §6, §7): `GET delegate` reads the caller's delegation, `POST
// delegate` saves it. The spec lists the names (Permissions, Active, CurrentUser, the delegate
// list of User and Delegate, the e-mail set; token, User, email; permissions, delegates, emaillist,
// status) but no bodies: these shapes are our design (docs/decisions/022-passwords-and-delegation.md).

export interface DelegatePair {
  /** the delegator */
  User: string;
  /** who works for them while delegation is on */
  Delegate: string;
}

/** `GET delegate` */
export interface Delegation {
  /** may this user delegate at all (users.can_delegate) */
  Permissions: boolean;
  /** delegation switched on */
  Active: boolean;
  CurrentUser: string;
  Delegates: DelegatePair[];
  /** addresses told when delegation changes */
  Emails: string[];
  /** users the caller may pick as delegates (every other Square 9 user but read-only licences) */
  Candidates: string[];
}

/** `POST delegate` body */
export interface DelegationUpdate {
  Active: boolean;
  /** delegate user names */
  Delegates: string[];
  Emails: string[];
}

export const DELEGATION_FORBIDDEN = 'You are not permitted to delegate.';
/** A read-only licence works no tasks, so it is neither offered nor accepted as a delegate. */
export const readOnlyDelegateMessage = (name: string): string =>
  `The user ${name} has a read-only license and cannot be a delegate.`;
export const MAX_DELEGATES = 20;

export const delegationPaths = {
  delegate: () => 'delegate',
};
