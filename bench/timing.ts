// Timing a render for the benches: the first call in the process (fonts parsed, nothing shaped or
// cached yet) apart, then the median and the slowest of `runs` warm calls. Not a benchmark (no
// run()): bench/run.ts does not import it.
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
