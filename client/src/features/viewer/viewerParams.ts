// The viewer's address (spec §2): /viewer/{documentHash}?db&archive&Id&terms&search&criteria and
// the session it opens (`session`, once created, so a reload reads it again instead of making
// another). The licence token may ride along (`token`, taken out of the address at start-up).
// An inbox file: /viewer/{fileName}?db&inboxId (the file name stands where the hash stands).
import { positiveId } from '../../app/paths';

export const VIEWER_ROUTE = '/viewer/:documentHash';

export interface ViewerParams {
  hash: string;
  db: number;
  archive: number;
  /** the document id */
  id: number;
  session: string | null;
  terms: string;
  searchId: number | null;
  /** the search's criteria as JSON text, as the results address carries them */
  criteria: string;
  /** an inbox file's inbox (then `hash` is the file's name, `archive` and `id` are 0), else null */
  inboxId: number | null;
}

export function viewerPath(
  p: Omit<ViewerParams, 'session' | 'terms' | 'criteria' | 'searchId' | 'inboxId'> &
    Partial<Pick<ViewerParams, 'session' | 'terms' | 'criteria' | 'searchId' | 'inboxId'>>,
  token?: string,
): string {
  const query = new URLSearchParams(
    p.inboxId
      ? { db: String(p.db), inboxId: String(p.inboxId) }
      : { db: String(p.db), archive: String(p.archive), Id: String(p.id) },
  );
  if (p.session) query.set('session', p.session);
  if (p.terms) query.set('terms', p.terms);
  if (p.searchId) query.set('search', String(p.searchId));
  if (p.criteria && p.criteria !== '{}') query.set('criteria', p.criteria);
  if (token) query.set('token', token);
  return `/viewer/${encodeURIComponent(p.hash)}?${query.toString()}`;
}

/** The parameters, or null when the address cannot name a document. */
export function parseViewerParams(hash: string | undefined, query: URLSearchParams): ViewerParams | null {
  const db = positiveId(query.get('db'));
  const inboxId = positiveId(query.get('inboxId'));
  if (hash && db && inboxId)
    return {
      hash,
      db,
      archive: 0,
      id: 0,
      session: query.get('session') || null,
      terms: '',
      searchId: null,
      criteria: '',
      inboxId,
    };
  const archive = positiveId(query.get('archive'));
  const id = positiveId(query.get('Id') ?? query.get('id'));
  if (!hash || !db || !archive || !id) return null;
  return {
    hash,
    db,
    archive,
    id,
    session: query.get('session') || null,
    terms: query.get('terms') ?? '',
    searchId: positiveId(query.get('search')),
    criteria: query.get('criteria') ?? '',
    inboxId: null,
  };
}
