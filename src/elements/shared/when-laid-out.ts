// Its own module, not next-task.ts's: the bundle's core imports nextTask, and a module the core imports is in the
// core whole; only the menu's tools wait for a layout, so this stays in their on-demand chunk.
/**
 * Runs `work` once `element` has been laid out: a ResizeObserver's first report comes in the browser's own rendering
 * steps, right after its layout, so what `work` reads of the layout (sizes, computed styles) is already computed and
 * forces none. An idle callback, or any task, can find the layout undone (another element rendered since), and a read
 * then lays the page out in script: Lighthouse's "forced reflow" (issue 29). An element that is not rendered (no box)
 * is reported once it is. Returns what cancels it, for an element that leaves the page first (the guide: observers
 * removed on disconnect).
 */
export function whenLaidOut(element: Element, work: () => void): () => void {
  const observer = new ResizeObserver(() => {
    observer.disconnect();
    work();
  });
  observer.observe(element);
  return () => observer.disconnect();
}
