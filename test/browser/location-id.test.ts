/**
 * A location id the contract refuses (LOCATION_ID_PATTERN) never leaves an element (issue 27): `..` would become
 * `/v1/page` (the browser resolves `/v1/locations/../page`), `a/../b` another path again. Every element that shows a
 * location's data, and the provider, shows the clear error and makes no request at all.
 */
import { expect, fixture, oneEvent } from '@open-wc/testing';
import * as all from '../../src/elements/all.ts';
import { MerchantElement } from '../../src/elements/shared/merchant-element.ts';
import { LOCATION_ID } from '../../src/elements/shared/config.ts';
import { LOCATION_ID_PATTERN } from '../../src/contract/routes.ts';
import { ENDPOINT, gateway, resetClient, stubFetch } from './fixtures.ts';

/** Every element the one list registers, by tag (the provider included). */
const TAGS = (Object.values(all) as unknown[])
  .map((value) => (typeof value === 'function' ? customElements.getName(value as CustomElementConstructor) : null))
  .filter((tag): tag is string => tag !== null);

const INVALID = ['..', '.', 'a/../b', '../page', 'a b', 'a?b=1', 'a#b', '-leading-dash', 'x'.repeat(129)];

describe('an invalid location id is refused in the element, with no request', () => {
  const warn = console.warn;
  beforeEach(() => {
    resetClient();
    // Each refused element logs its mistake once (error-view.ts): expected here, and kept out of the test's output.
    console.warn = () => {};
  });
  afterEach(() => {
    resetClient();
    console.warn = warn;
  });

  it("the elements' check is the contract's LOCATION_ID_PATTERN, written shorter: the same answer for every character, in every place", () => {
    const contract = new RegExp(LOCATION_ID_PATTERN);
    const samples: string[] = [];
    for (let code = 0; code < 0x250; code++) {
      const c = String.fromCharCode(code);
      samples.push(c, `${c}a`, `a${c}`, `a${c}b`);
    }
    samples.push('a'.repeat(128), 'a'.repeat(129), `a${'.'.repeat(127)}`, '');
    const differ = samples.filter((sample) => contract.test(sample) !== LOCATION_ID.test(sample));
    expect(differ).to.deep.equal([]);
  });

  it('the list of elements is the one list', () => {
    expect(TAGS).to.include.members(['merchant-menu', 'merchant-hours', 'merchant-location', 'merchant-provider']);
  });

  for (const id of INVALID) {
    it(`"${id.length > 20 ? `${id.slice(0, 8)}… (${id.length} characters)` : id}": every element says so, and nothing is fetched`, async () => {
      const stub = stubFetch(gateway());
      for (const tag of TAGS) {
        const element = document.createElement(tag);
        element.setAttribute('endpoint', ENDPOINT);
        element.setAttribute('location-id', id);
        if (!(element instanceof MerchantElement)) {
          // The provider: it loads the page for the elements inside it, and refuses the id the same way.
          const failed = oneEvent(element, 'merchant-error');
          await fixture(element);
          expect((await failed).detail.error, tag).to.equal('INVALID_LOCATION_ID');
          continue;
        }
        const failed = oneEvent(element, 'merchant-error');
        await fixture(element);
        expect((await failed).detail.error, tag).to.equal('INVALID_LOCATION_ID');
        await element.updateComplete;
        await new Promise((resolve) => setTimeout(resolve));
        const message = element.shadowRoot!.querySelector('[part=error-message]')?.textContent ?? '';
        expect(message, tag).to.contain(`“${id}” is not a location ID`);
        expect(element.shadowRoot!.querySelector('[part=retry]'), `${tag}: no retry for a setting`).to.equal(null);
      }
      expect(stub.calls, 'requests made').to.deep.equal([]);
    });
  }

  it('a valid id still loads (the control)', async () => {
    const stub = stubFetch(gateway());
    const element = document.createElement('merchant-hours');
    element.setAttribute('endpoint', ENDPOINT);
    element.setAttribute('location-id', 'test-pizzeria');
    const done = Promise.race([oneEvent(element, 'merchant-load'), oneEvent(element, 'merchant-error')]);
    await fixture(element);
    await done;
    expect(stub.calls.length).to.be.greaterThan(0);
  });
});
