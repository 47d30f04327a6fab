// Its own module, not next-task.ts's (which the core imports too): the elements that write structured data
// (structured-data.ts) and the menu's tools wait for the browser to be idle; an entry with neither leaves it out.
/**
 * Runs `work` when the browser is idle (requestIdleCallback, at most `timeout` ms later; else a new task): for what
 * the first view does not need (structured data for crawlers, observers that measure the layout once it is done).
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
