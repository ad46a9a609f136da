interface ProgressBarProps {
  /** 0 … 1 */
  value: number;
  label: string;
  tone?: 'neutral' | 'done';
  testId?: string;
}

export function ProgressBar({ value, label, tone = 'neutral', testId }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(1, Number.isFinite(value) ? value : 0));
  return (
    <span
      className={`progress-bar ${tone}`}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped * 100)}
      data-testid={testId}
    >
      <span className="progress-bar-fill" style={{ width: `${clamped * 100}%` }} />
    </span>
  );
}
