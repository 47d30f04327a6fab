/**
 * Lets the browser handle input and paint before what follows (issue 29: no long task of the elements' own). Where
 * `scheduler.yield()` exists its continuation runs in a task of its own, ahead of other queued tasks; elsewhere a
 * new task (setTimeout). Each caller continues in its own task: several elements whose data arrived together each
 * render in a task of their own rather than all in the one task that delivered the data.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
}
