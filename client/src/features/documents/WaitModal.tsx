// The wait modal (spec §2, §4): shown while a job group or a merge runs; it has no close button,
// it closes when every result is in.
import { useId } from 'react';
import { Spinner } from '../../components/Spinner';

export function WaitModal({ title, detail }: { title: string; detail?: string }) {
  const titleId = useId();
  return (
    <div className="modal-backdrop">
      <div
        className="modal modal--small"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy="true"
        data-testid="wait-modal"
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
        </div>
        <div className="modal__body">
          <Spinner label={detail ?? title} />
        </div>
      </div>
    </div>
  );
}
