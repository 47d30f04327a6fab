import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addressMatcher, clientAddress, forwardedClient } from '../../src/gateway/client-address.ts';
import { loadConfig } from '../../src/gateway/config.ts';

const requiredEnv = {
  MERCHANT_ACTIONS_URL: 'http://127.0.0.1:4010/actions',
  MERCHANT_PUBLISHER_URL: 'http://127.0.0.1:4010/publisher',
  MERCHANT_CLIENT_ID: 'client',
  MERCHANT_SIGNING_KEY: 'secret-key-value',
};

const headers = (value?: string) => (name: string) => (name === 'x-forwarded-for' ? value : undefined);

describe('client address behind proxies', () => {
  it('takes the entry the trusted proxies appended, counted from the right', () => {
    assert.equal(forwardedClient('1.2.3.4, 198.51.100.7', 1), '198.51.100.7');
    assert.equal(forwardedClient('1.2.3.4, 198.51.100.7, 203.0.113.10', 2), '198.51.100.7');
    assert.equal(forwardedClient(' 198.51.100.7 ', 1), '198.51.100.7');
  });

  it('yields the leftmost entry when the chain is shorter than the trusted hop count', () => {
    assert.equal(forwardedClient('198.51.100.7', 3), '198.51.100.7');
  });

  it('ignores empty entries and empty headers', () => {
    assert.equal(forwardedClient('1.2.3.4, , 198.51.100.7,', 1), '198.51.100.7');
    assert.equal(forwardedClient(' , ', 1), null);
  });

  it('uses the socket address without a configured header, with zero trusted proxies, or without the header', () => {
    const socket = '10.0.0.5';
    assert.equal(clientAddress({ header: null, trustedProxies: 1 }, headers('1.2.3.4'), socket), socket);
    assert.equal(clientAddress({ header: 'x-forwarded-for', trustedProxies: 0 }, headers('1.2.3.4'), socket), socket);
    assert.equal(clientAddress({ header: 'x-forwarded-for', trustedProxies: 1 }, headers(undefined), socket), socket);
    assert.equal(clientAddress({ header: 'x-forwarded-for', trustedProxies: 1 }, headers(undefined), undefined), 'unknown');
  });

  it('never keys on the client-written first entry', () => {
    const options = { header: 'x-forwarded-for', trustedProxies: 1 };
    const keys = new Set(Array.from({ length: 50 }, (_, i) => clientAddress(options, headers(`192.0.2.${i}, 198.51.100.7`), '10.0.0.5')));
    assert.deepEqual([...keys], ['198.51.100.7']);
  });
});

describe("the gateway's own proxy addresses (MERCHANT_TRUSTED_PROXY_ADDRESSES)", () => {
  it('matches addresses and CIDR ranges, IPv4 and IPv6, and v4-mapped IPv6 as IPv4', () => {
    const own = addressMatcher(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1']);
    for (const address of ['10.1.2.3', '::ffff:10.9.9.9', '192.0.2.7', '2001:db8:0:1::5', '::1', '[::1]']) assert.ok(own(address), address);
    for (const address of ['11.0.0.1', '192.0.2.8', '2001:db9::1', '::2', 'unknown', '']) assert.ok(!own(address), address);
    assert.equal(addressMatcher([])('10.0.0.1'), false);
  });

  it('refuses what is not an address or range, naming it', () => {
    for (const bad of ['10.0.0.0/33', 'proxy.example', '300.1.1.1', '2001:db8::/129', '1::2::3']) {
      assert.throws(() => addressMatcher([bad]), new RegExp(bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')));
    }
    assert.throws(() => loadConfig({ ...requiredEnv, MERCHANT_TRUSTED_PROXY_ADDRESSES: '10.0.0.1, nope' }), /MERCHANT_TRUSTED_PROXY_ADDRESSES: "nope"/);
  });
});
