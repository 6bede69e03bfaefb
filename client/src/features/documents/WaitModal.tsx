// The wait modal (spec §2, §4): shown while a job group or a merge runs; it has no close button,
// it closes when every result is in.
import { LazyModal } from '../../components/LazyModal';
import { Spinner } from '../../components/Spinner';

export function WaitModal({ title, detail }: { title: string; detail?: string }) {
  return (
    <LazyModal title={title} size="small" busy testId="wait-modal">
      <Spinner label={detail ?? title} />
    </LazyModal>
  );
}
