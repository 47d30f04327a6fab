/**
 * Loads a host's data whenever its inputs change: the part of @lit/task the elements use, in a quarter of its
 * size. @lit/task was 0.65 KB min+gzip of every element's 12 KB budget; the elements used only what is below
 * (no render helpers, no status, no manual mode), so this file replaces it (README, "Tooling decisions").
 *
 * - Before each update, `args()` is compared with the previous run's, element by element (`Object.is`); a change
 *   starts a run. The first update always does.
 * - Each run gets its own AbortSignal (pass it to fetch), aborted when the next run starts. A superseded
 *   run's result or error is dropped, so a slow old response never overwrites a newer one.
 * - `load` may resolve to `SKIP` to settle nothing (e.g. lazy and not yet near the viewport).
 * - `run()` starts a run now (a retry); `complete` is the latest run's promise. Neither ever rejects: errors
 *   go to `onError`, which the elements turn into their error state.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export const SKIP: unique symbol = Symbol('skip');

export interface LoaderOptions<T> {
  args: () => unknown[];
  load: (signal: AbortSignal) => Promise<T | typeof SKIP>;
  onComplete: (value: T) => void;
  onError: (error: unknown) => void;
}

export class Loader<T> implements ReactiveController {
  /** The latest run: resolves with its value, or undefined when it failed, was skipped or was superseded. */
  complete: Promise<T | undefined> = Promise.resolve(undefined);
  private __args: unknown[] | undefined;
  private __controller: AbortController | undefined;

  constructor(
    host: ReactiveControllerHost,
    private readonly __options: LoaderOptions<T>,
  ) {
    host.addController(this);
  }

  hostUpdate(): void {
    const args = this.__options.args();
    if (this.__args?.length === args.length && args.every((arg, i) => Object.is(arg, this.__args![i]))) return;
    this.__args = args;
    void this.run();
  }

  /** Starts a run now, aborting the one in progress. */
  run(): Promise<T | undefined> {
    this.__controller?.abort();
    const controller = (this.__controller = new AbortController());
    return (this.complete = this.__options.load(controller.signal).then(
      (value) => {
        if (value === SKIP || controller !== this.__controller) return undefined;
        this.__options.onComplete(value);
        return value;
      },
      (error: unknown) => {
        if (controller === this.__controller) this.__options.onError(error);
        return undefined;
      },
    ));
  }
}
