/**
 * What every route goes through: the rate limit, the cold-miss budget (handed to the handler, which hands it to the
 * cache: only the request that causes an upstream call pays, see cache.ts MissBudget), CORS, metrics, and turning any failure
 * into the error resource. All of it is decided before a Response exists, and nothing touches a Response after it
 * is made (see http.ts for why).
 */
import type { MissBudget } from './cache.ts';
import type { GatewayConfig } from './config.ts';
import { GatewayError, toGatewayError } from './errors.ts';
import { errorResponse, type Cors, type Headers } from './http.ts';
import type { Logger } from './telemetry.ts';
import type { CounterChild, GatewayMetrics } from './telemetry.ts';
import { RateLimiter } from './ratelimit.ts';

/** What the guard reads of a request: Hono's Context has it. */
export interface RequestView {
  req: { header(name: string): string | undefined; raw: Request };
  env: unknown;
}

/** `budget`: this request's cold-miss budget, for the cache; undefined when the route or the client is not limited. */
export type GuardedHandler<C extends RequestView> = (c: C, cors: Headers, budget?: MissBudget) => Response | Promise<Response>;

export interface GuardOptions {
  config: Pick<GatewayConfig, 'rateLimitPerMinute' | 'missRateLimitPerMinute'>;
  cors: Cors;
  metrics: GatewayMetrics;
  logger: Logger;
  /** The client's address as the rate limit keys it (see client-address.ts). */
  clientKey(c: RequestView): string;
  /**
   * Whether a client key is one of the gateway's own proxies or CDN (MERCHANT_TRUSTED_PROXY_ADDRESSES): a request
   * that reaches the gateway in the proxy's own name (its cache refreshing, no forwarded client) is not limited.
   */
  isOwnProxy?(client: string): boolean;
  now?: () => number;
}

/**
 * Returns `guard(name, handler, limited)`: the handler wrapped for the route `name`. Probes and scrapes pass
 * `limited = false`: a load balancer checking often must not see 429.
 */
export function createGuard({ config, cors, metrics, logger, clientKey, isOwnProxy, now }: GuardOptions) {
  const limiter = config.rateLimitPerMinute > 0 ? new RateLimiter(config.rateLimitPerMinute, now) : null;
  // Cold misses cost upstream calls on the site's credentials; hits cost nothing. A client whose requests keep
  // missing the cache (made-up ids, a crawl of every location) spends this smaller budget long before the rate
  // limit, so no client can turn the gateway into an amplifier of upstream traffic.
  const missLimiter = config.missRateLimitPerMinute > 0 ? new RateLimiter(config.missRateLimitPerMinute, now) : null;

  /** Throws 429 when the client has spent its requests (every request counts, hits included). */
  const refuseOverLimit = (client: string): void => {
    const decision = limiter?.take(client);
    if (decision && !decision.allowed) {
      metrics.rateLimited.inc();
      throw new GatewayError(429, 'RATE_LIMITED', `Too many requests; try again in ${decision.retryAfter} s.`, decision.retryAfter);
    }
  };

  /**
   * The client's cold-miss budget for one request: checked when the request is about to start an upstream load,
   * charged once per request however many loads it starts (a cold page loads several parts), and never for
   * waiting on another request's load or for a hit.
   */
  const missBudget = (limiter: RateLimiter, client: string): MissBudget => {
    let charged = false;
    return {
      check() {
        if (charged) return;
        const misses = limiter.peek(client);
        if (!misses.allowed) {
          metrics.rateLimited.inc();
          throw new GatewayError(
            429,
            'RATE_LIMITED',
            `Too many requests for data that was not cached; try again in ${misses.retryAfter} s.`,
            misses.retryAfter,
          );
        }
      },
      charge() {
        if (charged) return;
        charged = true;
        limiter.take(client);
      },
    };
  };

  return function guard<C extends RequestView>(name: string, handler: GuardedHandler<C>, limited = true) {
    // Label children resolved once per route (and status), not hashed on every request.
    const latency = metrics.latency.labels({ route: name });
    const counters = new Map<number, CounterChild>();
    const count = (status: number) => {
      let counter = counters.get(status);
      if (!counter) counters.set(status, (counter = metrics.requests.child({ route: name, status })));
      counter.inc();
    };
    const fail = (error: unknown, corsHeaders: Headers): Response => {
      const gatewayError = toGatewayError(error);
      if (gatewayError.status >= 500) {
        logger.error(
          { route: name, error: gatewayError.toResource(), ...(gatewayError.code === 'INTERNAL_ERROR' ? { cause: String(error) } : {}) },
          'request failed',
        );
      }
      return errorResponse(gatewayError, corsHeaders);
    };
    const finish = (response: Response, started: number): Response => {
      count(response.status);
      latency.observe((performance.now() - started) / 1000);
      return response;
    };
    // Synchronous when the handler is (a cached hit): no promise, so the Node adapter writes the response in the
    // same tick without the bookkeeping it needs for pending responses.
    return (c: C): Response | Promise<Response> => {
      const started = performance.now();
      const corsHeaders = cors.headers(c.req.header('origin'));
      let result: Response | Promise<Response>;
      try {
        let budget: MissBudget | undefined;
        if (limited && (limiter || missLimiter)) {
          const client = clientKey(c);
          if (!isOwnProxy?.(client)) {
            refuseOverLimit(client);
            if (missLimiter) budget = missBudget(missLimiter, client);
          }
        }
        result = handler(c, corsHeaders, budget);
      } catch (error) {
        return finish(fail(error, corsHeaders), started);
      }
      if (result instanceof Promise) {
        return result.then(
          (response) => finish(response, started),
          (error: unknown) => finish(fail(error, corsHeaders), started),
        );
      }
      return finish(result, started);
    };
  };
}

export type Guard = ReturnType<typeof createGuard>;
