// Timing for the benches: percentiles of measured times, milliseconds as the benches print them, and
// a render timed with the first call in the process (fonts parsed, nothing shaped or cached yet)
// apart, then the median and the slowest of `runs` warm calls. Not a benchmark (no run()):
// bench/run.ts does not import it.

/** The p-th percentile (nearest rank) of these times. */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

/** Milliseconds, one decimal, right-aligned in a column. */
export const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;

export async function timeRuns<T>(fn: () => Promise<T>, runs: number) {
  let t = performance.now();
  const first = await fn();
  const cold = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { first, cold, median: (times[(runs - 1) >> 1] + times[runs >> 1]) / 2, max: times[runs - 1] };
}
