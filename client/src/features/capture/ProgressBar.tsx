// A labelled progress bar (role progressbar with its percentage) for chunk downloads and uploads.
import './capture.css';

export function ProgressBar({
  label,
  fraction,
  testId,
}: {
  label: string;
  fraction: number;
  testId?: string;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div className="capture-progress" data-testid={testId}>
      <div className="capture-progress__label">
        <span>{label}</span>
        <span>{percent}%</span>
      </div>
      <div
        className="capture-progress__track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="capture-progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
