import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { clientAddress, forwardedClient } from '../../src/gateway/client-address.ts';

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
