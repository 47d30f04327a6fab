import { expect } from '@open-wc/testing';
import type { Menu, MenuItem } from '../../src/contract/index.ts';
import { menuFormatter } from '../../src/elements/menu/menu-format.ts';
import { menuJsonLd } from '../../src/elements/menu/menu-json-ld.ts';
import { menuStrings } from '../../src/elements/menu/menu-i18n.ts';
import { loadLanguage } from '../../src/elements/shared/i18n.ts';
import { LANGUAGES } from '../../src/elements/i18n/languages.js';

const item = (id: string, dietary: MenuItem['dietary'], order = 0): MenuItem => ({
  id,
  name: `Item ${id}`,
  description: null,
  order,
  photos: [],
  choices: [],
  additions: [],
  dietary,
});

describe('menu-format', () => {
  before(() => Promise.all(Object.keys(LANGUAGES).map(loadLanguage)));

  it('formats single prices and ranges in the menu currency', () => {
    expect(menuFormatter('en-US', 'USD').price({ min: 12, max: 12 })).to.equal('$12.00');
    expect(menuFormatter('en-US', 'USD').price({ min: 12, max: 18.5 })).to.match(/^\$12\.00\s?[–-]\s?\$18\.50$/);
    expect(menuFormatter('de-DE', 'EUR').price({ min: 9.5, max: 9.5 })).to.equal('9,50\u00a0€');
    expect(menuFormatter('ja-JP', 'JPY').price({ min: 1200, max: 1200 })).to.match(/1,200/);
  });

  it('says market price when the price is null, in each language', () => {
    expect(menuFormatter('en', 'USD').price(null)).to.equal('Market price');
    expect(menuFormatter('es', 'USD').price(null)).to.equal('Precio de mercado');
    expect(menuFormatter('fr-CA', 'USD').price(null)).to.equal('Prix du marché');
    expect(menuFormatter('de', 'USD').price(null)).to.equal('Tagespreis');
  });

  it('never throws on a currency code Intl rejects: plain number, then the code (as text)', () => {
    expect(menuFormatter('en-US', '<script>').price({ min: 5, max: 5 })).to.equal('5.00 <script>');
    expect(menuFormatter('en-US', 'EURO').price({ min: 5, max: 7.5 })).to.match(/^5\.00\s?[–-]\s?7\.50 EURO$/);
  });

  it('adds units after the price, and calories with ranges', () => {
    expect(menuFormatter('en-US', 'USD').price({ min: 20, max: 20 }, 'per lb')).to.equal('$20.00 per lb');
    expect(menuFormatter('en-US', 'USD').price(null, 'per lb')).to.equal('Market price');
    expect(menuFormatter('en', 'USD').calories({ min: 250, max: 250 })).to.equal('250 Cal');
    expect(menuFormatter('de', 'USD').calories({ min: 250, max: 1400 })).to.match(/^250\s?[–-]\s?1\.400 kcal$/);
    expect(menuFormatter('en', 'USD').calories(null)).to.equal(null);
  });

  it('builds schema.org Menu JSON-LD with offers and ranges (no offer for market price)', () => {
    const menu = {
      id: '1',
      name: 'Dinner',
      description: 'Evenings',
      currency: 'USD',
      order: 0,
      sections: [
        {
          id: 's',
          name: 'Mains',
          description: null,
          order: 0,
          items: [
            {
              ...item('i', ['vegan', 'spicy']),
              photos: [
                { id: null, title: null, url: 'javascript:alert(1)' },
                { id: null, title: null, url: 'https://img.example/a.jpg' },
              ],
              choices: [
                { name: 'Small', unit: null, order: 0, price: { min: 8, max: 8 }, calories: { min: 300, max: 300 } },
                { name: 'Large', unit: null, order: 1, price: { min: 10, max: 14 }, calories: null },
                { name: 'Whole fish', unit: null, order: 2, price: null, calories: null },
              ],
            },
          ],
        },
      ],
    } as unknown as Menu;
    const ld = menuJsonLd([menu]);
    expect(ld['@context']).to.equal('https://schema.org');
    const m = (ld['@graph'] as Record<string, any>[])[0];
    expect(m['@type']).to.equal('Menu');
    expect(m.description).to.equal('Evenings');
    expect(m.hasMenuSection[0]).to.not.have.property('description');
    const mi = m.hasMenuSection[0].hasMenuItem[0];
    expect(mi.offers).to.deep.equal([
      { '@type': 'Offer', price: 8, priceCurrency: 'USD', name: 'Small' },
      { '@type': 'AggregateOffer', lowPrice: 10, highPrice: 14, priceCurrency: 'USD', name: 'Large' },
    ]);
    expect(mi).to.not.have.property('description');
    expect(Object.keys(mi)).to.deep.equal(['@type', 'name', 'offers']);
  });

  it('has a label for every dietary flag in every language', () => {
    const english = menuStrings('en').flags;
    for (const lang of Object.keys(LANGUAGES)) {
      const labels = menuStrings(lang).flags;
      expect(labels, lang).to.not.equal(english);
      expect(Object.keys(labels), lang).to.deep.equal(Object.keys(english));
      for (const label of Object.values(labels)) expect(label).to.be.a('string').and.not.equal('');
    }
  });
});
