import type { Log } from '../lib/logging';

/**
 * Runs `job` shortly after start and then every `intervalMs` (counted from the end of a run, so
 * runs never overlap) until the returned function is called. That function aborts the signal the
 * job was given, so a job that checks it between batches ends after its current one, and waits for
 * the run under way; what a job leaves claimed goes back to the others when its lease runs out.
 */
export function startSchedule(log: Log, name: string, job: (signal: AbortSignal) => Promise<unknown>, intervalMs: number) {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = job(stopping.signal)
      .catch((error: unknown) => log.error({ err: error }, `${name} job failed`))
      .finally(() => {
        if (timer) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 1_000);
  return async () => {
    stopping.abort();
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  };
}
