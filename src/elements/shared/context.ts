/**
 * The context `<merchant-provider>` provides to the elements inside it.
 *
 * A small hand-written implementation of the Context Community Protocol
 * (https://github.com/webcomponents-cg/community-protocols/blob/main/proposals/context.md), the one
 * @lit/context speaks, so either side interoperates with @lit/context (same `context-request` and
 * `context-provider` events, same fields: `context`, `contextTarget`, `callback(value, unsubscribe)`,
 * `subscribe`). Only what the elements need, at a fraction of the library's size:
 * - `provideContext(host, context, initial)`: answers requests for `context` from inside `host`, keeps
 *   subscribers up to date through the returned `set(value)`, and announces itself with a
 *   `context-provider` event when connected.
 * - `consumeContext(host, context, callback)`: subscribes when `host` connects, unsubscribes when it
 *   disconnects; a later answer from another provider replaces the earlier one.
 * - `ensureContextRoot()`: one listener on the document that remembers unanswered subscriptions and
 *   replays them when a provider announces itself (the provider was defined after the elements), as
 *   @lit/context's ContextRoot does.
 */
import type { ReactiveControllerHost } from 'lit';
import type { PageResponse } from '../../contract/index.ts';

export interface MerchantProviderValue {
  /** The provider's `endpoint` attribute (not yet normalised), or null. */
  endpoint: string | null;
  /** The provider's `location-id`, or null. */
  locationId: string | null;
  /** The provider's `locale`, or null. */
  locale: string | null;
  /** The page the provider loaded, once it has (elements load it themselves through the shared cache anyway). */
  page: PageResponse | null;
}

type Callback<T> = (value: T, unsubscribe?: () => void) => void;
type Host = ReactiveControllerHost & HTMLElement;

/** The protocol's request event (a plain Event with the protocol's fields). */
interface ContextRequest<T> extends Event {
  context: unknown;
  contextTarget: Element;
  callback: Callback<T>;
  subscribe?: boolean;
}

export const merchantProviderContext = Symbol.for('merchant-elements.provider');

function request<T>(target: Element, context: unknown, callback: Callback<T>): void {
  target.dispatchEvent(
    Object.assign(new Event('context-request', { bubbles: true, composed: true }), { context, contextTarget: target, callback, subscribe: true }),
  );
}

/** Provides `initial` (then each value given to the returned setter) to requests from inside `host`. */
export function provideContext<T>(host: Host, context: unknown, initial: T): (value: T) => void {
  let value = initial;
  const subscribers = new Map<Callback<T>, () => void>();
  host.addEventListener('context-request', (event) => {
    const e = event as ContextRequest<T>;
    if (e.context !== context || (e.contextTarget ?? e.composedPath()[0]) === host) return;
    e.stopPropagation();
    if (!e.subscribe) return e.callback(value);
    const callback = e.callback;
    const unsubscribe = () => subscribers.delete(callback);
    subscribers.set(callback, unsubscribe);
    callback(value, unsubscribe);
  });
  host.addController({
    hostConnected: () => host.dispatchEvent(Object.assign(new Event('context-provider', { bubbles: true, composed: true }), { context, contextTarget: host })),
  });
  return (next) => {
    if (next === value) return;
    value = next;
    for (const [callback, unsubscribe] of subscribers) callback(value, unsubscribe);
  };
}

/** Subscribes `host` to the nearest provider of `context` while it is connected. */
export function consumeContext<T>(host: Host, context: unknown, callback: (value: T) => void): void {
  let unsubscribe: (() => void) | undefined;
  const receive: Callback<T> = (value, unsub) => {
    if (unsubscribe !== unsub) unsubscribe?.();
    unsubscribe = unsub;
    callback(value);
  };
  host.addController({
    hostConnected: () => request(host, context, receive),
    hostDisconnected: () => {
      unsubscribe?.();
      unsubscribe = undefined;
    },
  });
}

const ROOT_KEY = Symbol.for('merchant-elements.context-root');

/** Attaches one replaying root listener to the document (idempotent). */
export function ensureContextRoot(): void {
  const doc = globalThis.document as (Document & { [ROOT_KEY]?: boolean }) | undefined;
  if (!doc || doc[ROOT_KEY]) return;
  doc[ROOT_KEY] = true;
  // Unanswered subscriptions, until a provider of their context connects. Weakly held: a consumer
  // removed from the page meanwhile is not kept alive.
  let pending: { context: unknown; target: WeakRef<Element>; callback: Callback<unknown> }[] = [];
  doc.addEventListener('context-request', (event) => {
    const e = event as ContextRequest<unknown>;
    if (!e.subscribe) return;
    const target = e.contextTarget ?? (e.composedPath()[0] as Element);
    pending = pending.filter((p) => p.target.deref() !== target || p.callback !== e.callback || p.context !== e.context);
    pending.push({ context: e.context, target: new WeakRef(target), callback: e.callback });
  });
  doc.addEventListener('context-provider', (event) => {
    const context = (event as Event & { context: unknown }).context;
    const replay = pending.filter((p) => p.context === context);
    pending = pending.filter((p) => p.context !== context);
    for (const p of replay) {
      const target = p.target.deref();
      if (target?.isConnected) request(target, context, p.callback);
    }
  });
}
