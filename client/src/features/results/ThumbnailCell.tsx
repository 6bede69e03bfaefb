// The thumbnail column: a click shows the document's 150x150 thumbnail in a popover; a ctrl or
// shift click opens the document in a 600x800 preview pop-up window (spec §2).
import { useState, type MouseEvent } from 'react';
import { useAtomValue } from 'jotai';
import type { ResultDoc } from '@gs/contract/searches';
import { documentFileUrl, thumbnailUrl, type DocumentRef } from '../../api/documents';
import { Popover } from '../../components/Popover';
import { httpAtom } from '../../state/environment';
import { useResultsContext } from './resultsContext';

export const PREVIEW_WINDOW_FEATURES = 'width=600,height=800,resizable=yes,scrollbars=yes';

export function ThumbnailCell({ doc }: { doc: ResultDoc }) {
  const http = useAtomValue(httpAtom);
  const { db, archive, token, labels } = useResultsContext();
  const label = labels.thumbnail(doc.Id);
  const [open, setOpen] = useState<HTMLElement | null>(null);
  const ref: DocumentRef = { db, archive, id: doc.Id, hash: doc.Hash };

  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.stopPropagation();
    if (event.ctrlKey || event.shiftKey || event.metaKey) {
      window.open(documentFileUrl(http, ref, token), `gs-preview-${doc.Id}`, PREVIEW_WINDOW_FEATURES);
      return;
    }
    setOpen(open ? null : event.currentTarget);
  };

  return (
    <span className="thumb-cell">
      <button
        type="button"
        className="thumb-cell__button"
        aria-label={label}
        aria-expanded={open !== null}
        title={labels.thumbnailHint}
        onClick={onClick}
      >
        <svg width="14" height="16" viewBox="0 0 14 16" aria-hidden="true">
          <path d="M1 1h8l4 4v10H1z" fill="none" stroke="currentColor" strokeWidth="1.4" />
        </svg>
      </button>
      {open && (
        <Popover label={label} className="thumb-popover" anchor={open} onClose={() => setOpen(null)}>
          <img src={thumbnailUrl(http, ref, token)} width={150} height={150} alt={label} />
        </Popover>
      )}
    </span>
  );
}
