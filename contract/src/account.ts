// The signed-in user's own account: `GET users`, `GET users?needsDbId`, and the self password
// change `POST users?isSelfPasswordChange=true&token=` (end-user spec §7). The spec names the calls
// but shows no bodies: the shapes here are our design (docs/decisions/022-passwords-and-delegation.md).

/** `GET users`: the caller's account. */
export interface Account {
  Name: string;
  Email: string;
  /** licence type code (1 full, 2 web, 4 web read-only) */
  License: number;
  /** may turn delegation on (the user's can_delegate) */
  CanDelegate: boolean;
}

/** `GET users?needsDbId=true`: whether the caller must pick a database before searching. */
export interface NeedsDbId {
  NeedsDbId: boolean;
  /** the one database the caller sees, when there is exactly one */
  DatabaseId: number | null;
}

/** Body of the self password change; `Email` optionally changes the address too. */
export interface PasswordChange {
  password: string;
  Email?: string;
}

/** The password rule in force (settings key PASSWORD_POLICY_SETTING). */
export type PasswordPolicy = 'default' | 'strong' | { pattern: string; message: string };

export const PASSWORD_POLICY_SETTING = 'password_policy';

/** The configurable rule of end-user spec §7 and its message, word for word. */
export const STRONG_PASSWORD_MESSAGE =
  'Password must contain 8-20 characters, 1 uppercase, 1 lowercase, 1 digit, 1 symbol (@#$%).';
export const STRONG_PASSWORD_PATTERN = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[@#$%]).{8,20}$';
/** The default rule: 6 to 18 characters. */
export const DEFAULT_PASSWORD_MESSAGE = 'Password must contain 6-18 characters.';
export const DEFAULT_PASSWORD_PATTERN = '^.{6,18}$';

/** Message of the 409 when the new e-mail address belongs to another user. */
export const EMAIL_TAKEN_MESSAGE = 'The e-mail address is already in use.';

export const accountPaths = {
  users: () => 'users',
  needsDbId: () => 'users?needsDbId=true',
  selfPasswordChange: (token: string) => `users?isSelfPasswordChange=true&token=${encodeURIComponent(token)}`,
};
