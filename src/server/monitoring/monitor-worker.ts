/**
 * The `monitor.run` worker (issue 23): registers the schedule (pg-boss cron, MONITOR_SCHEDULE_CRON, a pass over every
 * list) and runs each pass; the job's signal stops a pass between reads (its lease lost, or the worker stopping),
 * and the next tick carries on with what is still due.
 */
import type { JobQueue, Log } from '../ports';
import type { RunMonitorPass } from './run-monitor-pass';

export async function startMonitorWorker(deps: {
  jobs: JobQueue;
  runMonitorPass: RunMonitorPass;
  cron: string;
  log: Pick<Log, 'debug' | 'warn'>;
}): Promise<void> {
  await deps.jobs.work('monitor.run', async (payload, job) => {
    const summary = await deps.runMonitorPass({ accountId: payload.accountId, signal: job.signal });
    const { changes, ...counts } = summary;
    deps.log.debug({ ...counts, changes: changes.length, accountId: payload.accountId }, 'monitoring pass done');
  });
  await deps.jobs.schedule('monitor.run', deps.cron, { accountId: null });
}
