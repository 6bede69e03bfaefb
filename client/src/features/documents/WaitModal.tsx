// The wait modal (spec §2, §4): shown while a job group or a merge runs; it has no close button,
// it closes when every result is in.
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';

export function WaitModal({ title, detail }: { title: string; detail?: string }) {
  return (
    <Modal title={title} size="small" busy testId="wait-modal">
      <Spinner label={detail ?? title} />
    </Modal>
  );
}
