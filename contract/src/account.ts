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

/**
 * Body of the self password change; `Email` optionally changes the address too. `currentPassword`
 * is our design (decision 046; no public source shows the real body): the change needs the
 * caller's current password, checked under the sign-in back-off, so a borrowed session or token
 * cannot take the account over. A real server that does not know the key ignores it.
 */
export interface PasswordChange {
  password: string;
  currentPassword: string;
  Email?: string;
}

/** The password rule in force (settings key PASSWORD_POLICY_SETTING). */
export type PasswordPolicy = 'default' | 'strong' | { pattern: string; message: string };

export const PASSWORD_POLICY_SETTING = 'password_policy';
/**
 * Our design: `GET|PUT admin/passwordpolicy`, administrators of all databases. The body and the
 * answer are a PasswordPolicy ({Pattern, Message} read in any casing); a Pattern RE2 cannot run
 * (backreferences, lookaround) is a 400 and nothing is saved.
 */
export const PASSWORD_POLICY_PATH = 'admin/passwordpolicy';

/** The configurable rule of end-user spec §7 and its message, word for word. */
export const STRONG_PASSWORD_MESSAGE =
  'Password must contain 8-20 characters, 1 uppercase, 1 lowercase, 1 digit, 1 symbol (@#$%).';
export const STRONG_PASSWORD_PATTERN = '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[@#$%]).{8,20}$';
/** The default rule: 6 to 18 characters. */
export const DEFAULT_PASSWORD_MESSAGE = 'Password must contain 6-18 characters.';
export const DEFAULT_PASSWORD_PATTERN = '^.{6,18}$';

/** Status and Message of a self password change whose current password is wrong (decision 046). */
export const CURRENT_PASSWORD_WRONG_STATUS = 403;
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'The current password is not correct.';
/**
 * MessageDetail of the 400 for an e-mail address that cannot be used: not an address, or another
 * user's. The simulator answers both alike, so the change does not tell whose addresses exist
 * (decision 046); the real server's 409 for a taken address is still read by the client.
 */
export const EMAIL_REFUSED_MESSAGE = 'The e-mail address cannot be used.';

export const accountPaths = {
  users: () => 'users',
  needsDbId: () => 'users?needsDbId=true',
  selfPasswordChange: (token: string) => `users?isSelfPasswordChange=true&token=${encodeURIComponent(token)}`,
};
