/** Formats figures as one line each: value | peer | ratio | goal ✔/✘. Pure, so it is easy to test and reuse. */
import type { Figure, Goal } from './types';

export function ratio(figure: Figure): number | undefined {
  return figure.peer && figure.peer.value !== 0 ? figure.value / figure.peer.value : undefined;
}

/** True when the figure meets its goal (a ratio goal without a peer is not met). */
export function meetsGoal(figure: Figure): boolean {
  const g: Goal = figure.goal;
  const r = ratio(figure);
  if ('ratioAtMost' in g) return r !== undefined && r <= g.ratioAtMost;
  if ('ratioAtLeast' in g) return r !== undefined && r >= g.ratioAtLeast;
  if ('atMost' in g) return figure.value <= g.atMost;
  return figure.value >= g.atLeast;
}

function amount(value: number, unit: string): string {
  // A count (no unit, a whole number: answers, lines, a score) is written as one.
  if (unit === '' && Number.isInteger(value)) return value.toLocaleString('en-US');
  const size = Math.abs(value);
  const digits = size >= 100 ? 0 : size >= 10 ? 1 : size >= 0.1 || size === 0 ? 2 : 3;
  return `${value.toFixed(digits)} ${unit}`.trim();
}

function goalText(g: Goal, unit: string): string {
  if ('ratioAtMost' in g) return `≤ ${g.ratioAtMost}×`;
  if ('ratioAtLeast' in g) return `≥ ${g.ratioAtLeast}×`;
  if ('atMost' in g) return `≤ ${amount(g.atMost, unit)}`;
  return `≥ ${amount(g.atLeast, unit)}`;
}

export function formatFigure(figure: Figure): string {
  const parts = [`${figure.label}: ${amount(figure.value, figure.unit)}`];
  const r = ratio(figure);
  if (figure.peer) parts.push(`${figure.peer.label} ${amount(figure.peer.value, figure.unit)}`);
  if (r !== undefined) parts.push(`ratio ${r.toFixed(2)}×`);
  // A ratio goal with no peer measured in this run cannot be judged: said so, not marked met.
  const unjudged = r === undefined && ('ratioAtMost' in figure.goal || 'ratioAtLeast' in figure.goal);
  parts.push(`goal ${goalText(figure.goal, figure.unit)} ${unjudged ? '? (no peer in this run)' : meetsGoal(figure) ? '✔' : '✘'}`);
  return parts.join(' | ') + (figure.note ? `\n    ${figure.note}` : '');
}
