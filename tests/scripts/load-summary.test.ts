/**
 * How `npm run bench -- load` reads its measurements: answers sorted into expected, unexpected and 429, setup
 * requests left out of the latencies, memory as medians after warm-up and at the end, and the event-loop lag beyond
 * prom-client's own 10 ms timer (the reading that covers start-up left out).
 */
import { describe, expect, it } from 'vitest';
import { Recorder } from '../../scripts/bench/lib/load/recorder';
import { lag, latencyByKind, memory } from '../../scripts/bench/lib/load/summary';
import { metricValue, type Sample } from '../../scripts/bench/lib/load/metrics';

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

  it('reads a series from Prometheus text', () => {
    const text = '# HELP x\nprocess_resident_memory_bytes 123456\nnodejs_heap_size_used_bytes 789\n';
    expect(metricValue(text, 'process_resident_memory_bytes')).toBe(123456);
    expect(metricValue(text, 'nodejs_eventloop_lag_p99_seconds')).toBeNaN();
  });
});
