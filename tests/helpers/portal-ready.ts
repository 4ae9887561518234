// Waiting for a portal process that was just started (browser tests, benches, image:check): until
// /api/health answers 200, for as long as the process runs. A first start may make or migrate the
// database, over a minute on a busy machine, so the caller gives the time it can wait.

export interface StartingPortal {
  /** The process's exit code, null while it runs (a ChildProcess). */
  readonly exitCode: number | null;
}

export async function waitForPortal(
  baseUrl: string,
  portal: StartingPortal,
  { timeoutMs, output = () => '' }: { timeoutMs: number; output?: () => string },
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const up = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false, // not listening yet
    );
    if (up) return;
    if (portal.exitCode !== null)
      throw new Error(`the portal stopped (exit code ${portal.exitCode}) before it answered:\n${output().slice(-3000)}`);
    if (Date.now() > until)
      throw new Error(`the portal did not answer ${baseUrl}/api/health in ${timeoutMs / 1000} s:\n${output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
