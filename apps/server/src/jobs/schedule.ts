import type { Log } from '../lib/logging';

/**
 * Runs `job` shortly after start and then every `intervalMs` (counted from the end of a run, so
 * runs never overlap) until the returned function is called; that function waits for a run under way.
 */
export function startSchedule(log: Log, name: string, job: () => Promise<unknown>, intervalMs: number) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = job()
      .catch((error: unknown) => log.error({ err: error }, `${name} job failed`))
      .finally(() => {
        if (timer) timer = setTimeout(tick, intervalMs);
      });
  };
  timer = setTimeout(tick, 1_000);
  return async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    await running;
  };
}
