/**
 * How `npm run bench -- load` reads its measurements: answers sorted into expected, unexpected and 429, setup
 * requests left out of the latencies, memory as medians after warm-up and at the end, and the event-loop lag beyond
 * prom-client's own 10 ms timer (the reading that covers start-up left out), and rows beyond the acknowledged ones
 * explained only by requests that got no answer.
 */
import { describe, expect, it } from 'vitest';
import { Recorder } from '../../scripts/bench/lib/load/recorder';
import { lag, latencyByKind, memory } from '../../scripts/bench/lib/load/summary';
import { metricValue, type Sample } from '../../scripts/bench/lib/load/metrics';
import { agrees, unexplained, type Check } from '../../scripts/bench/lib/load/verify';

const reading = (at: number, rssMb: number, lagMs = 10, meanMs = 10): Sample => ({
  at,
  rssBytes: rssMb * 1024 * 1024,
  heapUsedBytes: (rssMb / 2) * 1024 * 1024,
  lagP99: lagMs / 1000,
  lagMean: meanMs / 1000,
  lagMax: lagMs / 1000,
  serverErrors: 0,
});

describe('the load benchmark’s summary', () => {
  it('counts an unexpected answer, keeps a 429 apart, and leaves setup requests out of the latencies', () => {
    const rec = new Recorder();
    rec.answer('GET /projects', 5, 200, true, () => '');
    rec.answer('GET /projects', 15, 503, false, () => 'busy');
    rec.answer('POST sign-up', 40, 429, false, () => 'too many');
    rec.answer('setup: POST sign-up', 900, 201, true, () => '');
    expect(rec.unexpectedCount).toBe(1);
    expect(rec.unexpected.map((u) => [u.kind, u.status, u.detail])).toEqual([['GET /projects', 503, 'busy']]);
    expect([...rec.limited()]).toEqual([['POST sign-up', 1]]);
    expect(latencyByKind(rec.latencies()).map((l) => [l.kind, l.count, l.p99])).toEqual([
      ['GET /projects', 2, 15],
      ['POST sign-up', 1, 40],
    ]);
  });

  it('takes memory after warm-up and at the end as medians of their windows', () => {
    const samples = [reading(0, 100), reading(60, 200), reading(70, 210), reading(80, 900), reading(570, 220), reading(580, 230), reading(600, 240)];
    const m = memory(samples, 600, 60);
    expect(m.rssStart / 1024 / 1024).toBe(210);
    expect(m.rssEnd / 1024 / 1024).toBe(230);
    expect(m.heapEnd / 1024 / 1024).toBe(115);
  });

  it('reads the event-loop lag beyond the 10 ms timer, without the start-up reading', () => {
    const l = lag([reading(0, 100, 3000, 900), reading(5, 100, 12, 10.5), reading(10, 100, 60, 30), reading(15, 100, 20, 11)]);
    expect(l.worstMean).toBe(20);
    expect(l.worstP99).toBe(50);
    expect(l.typicalP99).toBe(10);
  });

  it('explains rows beyond the acknowledged ones only by requests that got no answer, and never a missing one', () => {
    const check = (database: number, acknowledged: number, unanswered: number, lost = Math.max(0, acknowledged - database)): Check => ({ label: 'pledges', database, acknowledged, unanswered, lost });
    expect(agrees(check(10, 10, 0))).toBe(true);
    expect(unexplained(check(12, 10, 2))).toBe(0);
    expect(unexplained(check(13, 10, 2))).toBe(1);
    expect(unexplained(check(9, 10, 5))).toBe(1);
    // By id: one acknowledged pledge missing and one unknown row in its place are two problems, not none.
    expect(unexplained(check(10, 10, 0, 1))).toBe(2);
  });

  it('reads a series from Prometheus text', () => {
    const text = '# HELP x\nprocess_resident_memory_bytes 123456\nnodejs_heap_size_used_bytes 789\n';
    expect(metricValue(text, 'process_resident_memory_bytes')).toBe(123456);
    expect(metricValue(text, 'nodejs_eventloop_lag_p99_seconds')).toBeNaN();
  });
});
