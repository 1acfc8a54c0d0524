/**
 * Orphan detection: a process started by a launcher (scripts/start.mjs) notices when that launcher is gone (killed
 * with SIGKILL, or its own parent shell died without passing the signal on), so a stopped service never leaves a
 * server behind still serving. Polls the parent pid: there is no portable "parent died" event.
 */
const POLL_MS = 500;

/** Calls `onGone` once when this process's parent is no longer `expectedPid` (no-op when none is given). */
export function stopWithParent(expectedPid: string | undefined, onGone: () => void): void {
  const pid = Number(expectedPid);
  if (!Number.isInteger(pid) || pid <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid !== pid) {
      clearInterval(timer);
      onGone();
    }
  }, POLL_MS);
  timer.unref();
}
