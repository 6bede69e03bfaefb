// The demo users that npm start prints; the demo scenario creates them (password Demo@1234).
export const DEMO_PASSWORD = 'Demo@1234';

export const DEMO_SIGN_INS = [
  { user: 'SSAdministrator', description: 'administrator of every database (Full licence)' },
  { user: 'dbadmin', description: 'administrator of one database (Full licence)' },
  { user: 'full.user', description: 'Full licence' },
  { user: 'web.user', description: 'Web Edit licence, one database' },
  { user: 'reader', description: 'Read Only licence (web-only, type 4)' },
  { user: 'delegate.user', description: 'Web Edit licence, may delegate' },
] as const;
