// /admin/archives?db= (admin-spec §2): the console's ARCHIVES mode for that database.
import { Navigate, useSearchParams } from 'react-router';
import { positiveId, routes } from '../../app/paths';

export function AdminArchivesRedirect() {
  const [params] = useSearchParams();
  const db = positiveId(params.get('db'));
  const query = new URLSearchParams({ mode: 'ARCHIVES' });
  if (db !== null) query.set('db', String(db));
  return <Navigate replace to={`${routes.fullAdmin}?${query.toString()}`} />;
}
