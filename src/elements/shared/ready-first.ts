import { nextTask } from './next-task.ts';

/**
 * A client-rendered element's first update (issue 29): its ready view at once when its data is already at hand, its
 * loading view before the next frame when it is not.
 *
 * `run` is the element's first load, from start to shown; `atHand` settles when that load has its outcome (data or
 * error) and waits only for its turn to be shown (its own task: merchant-element.ts). The first update waits for the
 * whole load if the outcome is at hand before the next frame would paint: an answer the page carried or the request
 * cache holds arrives within the task that upgraded the element, so no loading view is rendered, laid out or painted
 * for it (the element's reserved space shows meanwhile). Otherwise, the data still on the network, it renders just
 * before that frame, as it would have rendered its loading view anyway: a slow answer never blanks the element.
 */
export async function readyFirst(run: Promise<unknown>, atHand: Promise<unknown>): Promise<void> {
  let atHandFirst = false;
  await Promise.race([Promise.race([atHand, run]).then(() => (atHandFirst = true)), beforeNextFrame()]);
  if (atHandFirst) await run;
}

/**
 * Resolves in the next frame's animation callbacks, before it is laid out and painted; on a hidden page (no frame to
 * paint, and no animation callbacks until it is shown), in the next task.
 */
function beforeNextFrame(): Promise<void> {
  return document.hidden ? nextTask() : new Promise((resolve) => requestAnimationFrame(() => resolve()));
}
