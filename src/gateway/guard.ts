/**
 * What every route goes through: the rate limit and the cold-miss budget, CORS, metrics, and turning any failure
 * into the error resource. All of it is decided before a Response exists, and nothing touches a Response after it
 * is made (see http.ts for why).
 */
import type { GatewayConfig } from './config.ts';
import { GatewayError, toGatewayError } from './errors.ts';
import { errorResponse, type Cors, type Headers } from './http.ts';
import type { Logger } from './logger.ts';
import { counterChild, type CounterChild, type GatewayMetrics } from './metrics.ts';
import { RateLimiter } from './ratelimit.ts';

/** What the guard reads of a request: Hono's Context has it. */
export interface RequestView {
  req: { header(name: string): string | undefined; raw: Request };
  env: unknown;
}

export type GuardedHandler<C extends RequestView> = (c: C, cors: Headers) => Response | Promise<Response>;

export interface GuardOptions {
  config: Pick<GatewayConfig, 'rateLimitPerMinute' | 'missRateLimitPerMinute'>;
  cors: Cors;
  metrics: GatewayMetrics;
  logger: Logger;
  /** The client's address as the rate limit keys it (see client-address.ts). */
  clientKey(c: RequestView): string;
  now?: () => number;
}

/**
 * Returns `guard(name, handler, limited)`: the handler wrapped for the route `name`. Probes and scrapes pass
 * `limited = false`: a load balancer checking often must not see 429.
 */
export function createGuard({ config, cors, metrics, logger, clientKey, now }: GuardOptions) {
  const limiter = config.rateLimitPerMinute > 0 ? new RateLimiter(config.rateLimitPerMinute, now) : null;
  // Cold misses cost upstream calls on the site's credentials; hits cost nothing. A client whose requests keep
  // missing the cache (made-up ids, a crawl of every location) spends this smaller budget long before the rate
  // limit, so no client can turn the gateway into an amplifier of upstream traffic.
  const missLimiter = config.missRateLimitPerMinute > 0 ? new RateLimiter(config.missRateLimitPerMinute, now) : null;

  /** Throws 429 when the client has spent its requests, or its cold misses (charged after each miss). */
  const refuseOverLimit = (client: string): void => {
    const misses = missLimiter?.peek(client);
    if (misses && !misses.allowed) {
      metrics.rateLimited.inc();
      throw new GatewayError(429, 'RATE_LIMITED', `Too many requests for data that was not cached; try again in ${misses.retryAfter} s.`, misses.retryAfter);
    }
    const decision = limiter?.take(client);
    if (decision && !decision.allowed) {
      metrics.rateLimited.inc();
      throw new GatewayError(429, 'RATE_LIMITED', `Too many requests; try again in ${decision.retryAfter} s.`, decision.retryAfter);
    }
  };

  return function guard<C extends RequestView>(name: string, handler: GuardedHandler<C>, limited = true) {
    // Label children resolved once per route (and status), not hashed on every request.
    const latency = metrics.latency.labels({ route: name });
    const counters = new Map<number, CounterChild>();
    const count = (status: number) => {
      let counter = counters.get(status);
      if (!counter) counters.set(status, (counter = counterChild(metrics.requests, { route: name, status })));
      counter.inc();
    };
    const fail = (error: unknown, corsHeaders: Headers): Response => {
      const gatewayError = toGatewayError(error);
      if (gatewayError.status >= 500) {
        logger.error({ route: name, error: gatewayError.toResource(), ...(gatewayError.code === 'INTERNAL_ERROR' ? { cause: String(error) } : {}) }, 'request failed');
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
      let client = '';
      try {
        if (limited && (limiter || missLimiter)) {
          client = clientKey(c);
          refuseOverLimit(client);
        }
        result = handler(c, corsHeaders);
      } catch (error) {
        return finish(fail(error, corsHeaders), started);
      }
      // A cold miss is always asynchronous (it waited on the upstream): the synchronous hit path pays nothing here.
      if (result instanceof Promise) {
        return result.then(
          (response) => {
            if (missLimiter && client && response.headers.get('x-cache') === 'miss') missLimiter.take(client);
            return finish(response, started);
          },
          (error: unknown) => finish(fail(error, corsHeaders), started),
        );
      }
      return finish(result, started);
    };
  };
}

export type Guard = ReturnType<typeof createGuard>;
