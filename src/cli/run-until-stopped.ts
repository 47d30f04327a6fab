/**
 * "Start, then run until Ctrl+C": every long-running command ends the same way. Waits for SIGINT or SIGTERM,
 * removes the listener for the other one (so a command run twice in one process, as tests do, leaves none
 * behind), then closes what the command started and returns the exit code 0.
 */
export async function runUntilStopped(close: () => Promise<void>): Promise<number> {
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await close();
  return 0;
}
