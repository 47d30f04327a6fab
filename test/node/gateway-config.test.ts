import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../src/gateway/config.ts';
import { createCors } from '../../src/gateway/http.ts';

const good = {
  MERCHANT_ACTIONS_URL: 'http://127.0.0.1:4010/actions/',
  MERCHANT_PUBLISHER_URL: 'http://127.0.0.1:4010/publisher',
  MERCHANT_CLIENT_ID: 'client',
  MERCHANT_SIGNING_KEY: 'secret-key-value',
};

describe('gateway configuration', () => {
  it('reads the environment with documented defaults', () => {
    const c = loadConfig(good);
    assert.equal(c.actionsUrl, 'http://127.0.0.1:4010/actions');
    assert.equal(c.cacheTtl, 300);
    assert.equal(c.staleWhileRevalidate, 3600);
    assert.equal(c.staleIfError, 86400);
    assert.deepEqual(c.allowedOrigins, []);
    assert.equal(c.signPublisher, false);
    assert.equal(c.redisUrl, null);
    assert.equal(c.port, 8787);
    assert.equal(c.trustedProxies, 1);
    assert.equal(c.missRateLimitPerMinute, 60);
    assert.equal(c.metricsToken, null);
    assert.ok(Object.isFrozen(c));
  });

  it('takes flags over the environment', () => {
    assert.equal(loadConfig({ ...good, PORT: '9000' }).port, 9000);
    assert.equal(loadConfig({ ...good, PORT: '9000' }, { port: '0' }).port, 0);
  });

  it('reads every variable', () => {
    const c = loadConfig({
      ...good,
      MERCHANT_SIGN_PUBLISHER: 'true',
      MERCHANT_ALLOWED_ORIGINS: 'https://a.example, http://localhost:8080',
      MERCHANT_CACHE_TTL: '60',
      REDIS_URL: 'redis://127.0.0.1:6379',
      MERCHANT_RATE_LIMIT: '0',
      MERCHANT_CLIENT_IP_HEADER: 'X-Forwarded-For',
      MERCHANT_TRUSTED_PROXIES: '2',
      MERCHANT_MISS_RATE_LIMIT: '30',
      MERCHANT_METRICS_TOKEN: 'scrape-token',
    });
    assert.equal(c.signPublisher, true);
    assert.deepEqual(c.allowedOrigins, ['https://a.example', 'http://localhost:8080']);
    assert.equal(c.cacheTtl, 60);
    assert.equal(c.redisUrl, 'redis://127.0.0.1:6379');
    assert.equal(c.rateLimitPerMinute, 0);
    assert.equal(c.clientIpHeader, 'x-forwarded-for');
    assert.equal(c.trustedProxies, 2);
    assert.equal(c.missRateLimitPerMinute, 30);
    assert.equal(c.metricsToken, 'scrape-token');
    assert.deepEqual(loadConfig({ ...good, MERCHANT_ALLOWED_ORIGINS: '*' }).allowedOrigins, ['*']);
  });

  it('lists every mistake at once, clearly, without echoing the key', () => {
    let error: unknown;
    try {
      loadConfig({
        MERCHANT_ACTIONS_URL: 'not a url',
        MERCHANT_PUBLISHER_URL: 'ftp://x/y',
        MERCHANT_SIGNING_KEY: 'secret-key-value',
        MERCHANT_ALLOWED_ORIGINS: 'https://ok.example,https://a.example/path,*',
        MERCHANT_CACHE_TTL: '-5',
        REDIS_URL: 'http://nope',
        PORT: '70000',
        MERCHANT_SIGN_PUBLISHER: 'perhaps',
        MERCHANT_LOG_LEVEL: 'loud',
      });
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof ConfigError);
    const text = error.message;
    for (const name of [
      'MERCHANT_ACTIONS_URL',
      'MERCHANT_PUBLISHER_URL',
      'MERCHANT_CLIENT_ID',
      'MERCHANT_ALLOWED_ORIGINS',
      'MERCHANT_CACHE_TTL',
      'REDIS_URL',
      'PORT',
      'MERCHANT_SIGN_PUBLISHER',
      'MERCHANT_LOG_LEVEL',
    ]) {
      assert.ok(text.includes(name), name);
    }
    assert.ok(error.problems.length >= 10, text);
    assert.ok(!text.includes('secret-key-value'));
  });
});

describe('allowed origins with any port (scheme://host:*)', () => {
  it('accepts `http://localhost:*` and allows that host on any port, nothing else', () => {
    const config = loadConfig({ ...good, MERCHANT_ALLOWED_ORIGINS: 'https://shop.example, http://localhost:*, http://[::1]:*' });
    assert.deepEqual(config.allowedOrigins, ['https://shop.example', 'http://localhost:*', 'http://[::1]:*']);
    const cors = createCors(config.allowedOrigins);
    for (const origin of ['http://localhost:5173', 'http://localhost', 'http://[::1]:3000', 'https://shop.example']) assert.ok(cors.allowed(origin), origin);
    for (const origin of [
      'http://localhost.evil.example',
      'http://localhost:5173x',
      'https://localhost:5173',
      'http://127.0.0.1:5173',
      'https://shop.example:8443',
    ]) {
      assert.ok(!cors.allowed(origin), origin);
    }
    assert.equal(cors.headers('http://localhost:5173')['access-control-allow-origin'], 'http://localhost:5173');
  });

  it('refuses a wildcard that is not a whole port', () => {
    for (const bad of ['http://localhost:*/x', 'http://*.example', 'http://localhost:8*']) {
      assert.throws(
        () => loadConfig({ ...good, MERCHANT_ALLOWED_ORIGINS: bad }),
        (error: unknown) => error instanceof ConfigError && /is not an origin/.test(error.message),
        bad,
      );
    }
  });
});
