// The success message of a save in the indexing view, shown on the screen it returns to (carried in
// the history state of that entry).
import { useLocation } from 'react-router';
import { Alert } from '../../components/Alert';
import { INDEXING_NOTICE_STATE } from './indexingTargets';

export function IndexedNotice() {
  const location = useLocation();
  const text = (location.state as Record<string, unknown> | null)?.[INDEXING_NOTICE_STATE];
  if (typeof text !== 'string' || !text) return null;
  return (
    <Alert tone="success" testId="indexing-success">
      {text}
    </Alert>
  );
}
