/**
 * How `npm run bench` reports a figure: value, peer, ratio and goal on one line, with ✔ only when the goal is met
 * (the benchmarks themselves are not run by `npm test`).
 */
import { describe, expect, it } from 'vitest';
import { formatFigure, meetsGoal } from '../../scripts/bench/report';
import type { Figure } from '../../scripts/bench/types';

const tenK: Figure = { label: 'validate 10k docs', value: 0.62, unit: 's', peer: { label: 'ajv-cli', value: 0.55 }, goal: { ratioAtMost: 1.5 } };

describe('bench report', () => {
  it('prints the figure beside its peer, their ratio and the goal', () => {
    expect(formatFigure(tenK)).toBe('validate 10k docs: 0.62 s | ajv-cli 0.55 s | ratio 1.13× | goal ≤ 1.5× ✔');
  });

  it('marks a missed goal, a throughput goal, a goal without a peer and a count', () => {
    expect(meetsGoal({ ...tenK, value: 0.9 })).toBe(false);
    expect(formatFigure({ ...tenK, value: 0.9 })).toMatch(/ratio 1\.64× \| goal ≤ 1\.5× ✘$/);
    const list: Figure = { label: 'GET list', value: 2100, unit: 'req/s', peer: { label: 'bare Fastify', value: 35000 }, goal: { ratioAtLeast: 0.3 } };
    expect(formatFigure(list)).toBe('GET list: 2100 req/s | bare Fastify 35000 req/s | ratio 0.06× | goal ≥ 0.3× ✘');
    expect(meetsGoal({ label: 'p99', value: 42, unit: 'ms', goal: { atMost: 50 } })).toBe(true);
    expect(meetsGoal({ label: 'ratio without peer', value: 1, unit: 's', goal: { ratioAtMost: 2 } })).toBe(false);
    expect(formatFigure({ label: 'ratio without peer', value: 1, unit: 's', goal: { ratioAtMost: 2 } })).toBe('ratio without peer: 1.00 s | goal ≤ 2× ? (no peer in this run)');
    expect(formatFigure({ label: 'answers not expected', value: 1234, unit: '', goal: { atMost: 0 } })).toBe('answers not expected: 1,234 | goal ≤ 0 ✘');
    expect(formatFigure({ label: 'answers not expected', value: 0, unit: '', goal: { atMost: 0 } })).toBe('answers not expected: 0 | goal ≤ 0 ✔');
  });
});
