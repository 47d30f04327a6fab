// Its own module, not next-task.ts's: the structured-data controller (structured-data.ts) waits for the browser to be
// idle before it loads the JSON-LD writers. (The menu's tools measure their section bar once it is laid out instead,
// when-laid-out.ts: an idle callback's read forced a layout in script.)
/**
 * Runs `work` when the browser is idle (requestIdleCallback, at most `timeout` ms later; else a new task): for what
 * the first view does not need (structured data for crawlers).
 * Returns what cancels it, for an element that leaves the page first (the guide: timers removed on disconnect).
 */
export function whenIdle(work: () => void, timeout = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work);
  return () => clearTimeout(id);
}
