import type { CSSProperties } from 'react';

/**
 * A determinate progress bar (a project's raised share, a profile's completeness), drawn as Material's determinate
 * LinearProgress draws one: the primary colour over its lightened track, in plain CSS (`.progress`).
 */
export default function ProgressBar({ value, label, height = 8, style }: { value: number; label: string; height?: number; style?: CSSProperties }) {
  const shown = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuenow={Math.round(shown)}
      aria-valuemin={0}
      aria-valuemax={100}
      className="progress"
      style={{ height, borderRadius: height / 2, ...style }}
    >
      <div className="progress-value" style={{ transform: `translateX(${shown - 100}%)` }} />
    </div>
  );
}
