import { expect } from '@open-wc/testing';
import type { Menu, MenuItem } from '../../src/contract/index.ts';
import {
  formatCalories,
  formatPrice,
  formatPriceWithUnit,
  isCurrency,
  itemMatches,
  menuJsonLd,
  parseDietary,
  visibleSections,
} from '../../src/elements/menu/menu-format.ts';
import { menuStrings } from '../../src/elements/menu/menu-i18n.ts';

const item = (id: string, dietary: MenuItem['dietary'], order = 0): MenuItem => ({
  id, name: `Item ${id}`, description: null, order, photos: [], choices: [], additions: [], dietary,
});

describe('menu-format', () => {
  it('formats single prices and ranges in the menu currency', () => {
    expect(formatPrice({ min: 12, max: 12 }, 'USD', 'en-US')).to.equal('$12.00');
    expect(formatPrice({ min: 12, max: 18.5 }, 'USD', 'en-US')).to.match(/^\$12\.00\s?[–-]\s?\$18\.50$/);
    expect(formatPrice({ min: 9.5, max: 9.5 }, 'EUR', 'de-DE')).to.equal('9,50\u00a0€');
    expect(formatPrice({ min: 1200, max: 1200 }, 'JPY', 'ja-JP')).to.match(/1,200/);
  });

  it('says market price when the price is null, in each language', () => {
    expect(formatPrice(null, 'USD', 'en')).to.equal('Market price');
    expect(formatPrice(null, 'USD', 'es')).to.equal('Precio de mercado');
    expect(formatPrice(null, 'USD', 'fr-CA')).to.equal('Prix du marché');
    expect(formatPrice(null, 'USD', 'de')).to.equal('Tagespreis');
    expect(formatPrice({ min: NaN, max: 3 }, 'USD', 'en')).to.equal('Market price');
  });

  it('never throws on a bad currency or locale', () => {
    expect(isCurrency('usd')).to.equal(true);
    expect(isCurrency('<script>')).to.equal(false);
    expect(formatPrice({ min: 5, max: 5 }, '<script>', 'en-US')).to.equal('5.00 <script>');
    expect(formatPrice({ min: 5, max: 5 }, '', 'en-US')).to.equal('5.00');
    expect(formatPrice({ min: 5, max: 5 }, 'USD', 'not a locale!!')).to.contain('5.00');
  });

  it('adds units after the price, and calories with ranges', () => {
    expect(formatPriceWithUnit({ min: 20, max: 20 }, 'per lb', 'USD', 'en-US')).to.equal('$20.00 per lb');
    expect(formatPriceWithUnit(null, 'per lb', 'USD', 'en-US')).to.equal('Market price');
    expect(formatCalories({ min: 250, max: 250 }, 'en')).to.equal('250 Cal');
    expect(formatCalories({ min: 250, max: 1400 }, 'de')).to.match(/^250\s?[–-]\s?1\.400 kcal$/);
    expect(formatCalories(null, 'en')).to.equal(null);
  });

  it('parses the dietary filter and keeps items having every flag', () => {
    expect(parseDietary('Vegan, gluten-free nonsense')).to.deep.equal(['gluten-free', 'vegan']);
    expect(parseDietary(null)).to.deep.equal([]);
    expect(itemMatches(item('a', ['vegan', 'gluten-free']), ['vegan', 'gluten-free'])).to.equal(true);
    expect(itemMatches(item('b', ['vegan']), ['vegan', 'gluten-free'])).to.equal(false);
    expect(itemMatches(item('c', []), [])).to.equal(true);
  });

  it('orders sections and items and drops sections the filter empties', () => {
    const menu = {
      sections: [
        { id: 's2', name: 'Mains', description: null, order: 2, items: [item('m2', ['vegan'], 2), item('m1', [], 1)] },
        { id: 's1', name: 'Starters', description: null, order: 1, items: [item('x', [])] },
      ],
    } as unknown as Menu;
    expect(visibleSections(menu, []).map((s) => s.id)).to.deep.equal(['s1', 's2']);
    expect(visibleSections(menu, [])[1].items.map((i) => i.id)).to.deep.equal(['m1', 'm2']);
    expect(visibleSections(menu, ['vegan']).map((s) => s.id)).to.deep.equal(['s2']);
  });

  it('builds schema.org Menu JSON-LD with offers, ranges, diets and calories', () => {
    const menu = {
      id: '1', name: 'Dinner', description: 'Evenings', currency: 'USD', order: 0,
      sections: [{
        id: 's', name: 'Mains', description: null, order: 0,
        items: [{
          ...item('i', ['vegan', 'spicy']),
          photos: [{ id: null, title: null, url: 'javascript:alert(1)' }, { id: null, title: null, url: 'https://img.example/a.jpg' }],
          choices: [
            { name: 'Small', unit: null, order: 0, price: { min: 8, max: 8 }, calories: { min: 300, max: 300 } },
            { name: 'Large', unit: null, order: 1, price: { min: 10, max: 14 }, calories: null },
          ],
        }],
      }],
    } as unknown as Menu;
    const ld = menuJsonLd([menu]);
    expect(ld['@context']).to.equal('https://schema.org');
    const m = (ld['@graph'] as Record<string, any>[])[0];
    expect(m['@type']).to.equal('Menu');
    const mi = m.hasMenuSection[0].hasMenuItem[0];
    expect(mi.offers).to.deep.equal([
      { '@type': 'Offer', price: 8, priceCurrency: 'USD', name: 'Small' },
      { '@type': 'AggregateOffer', lowPrice: 10, highPrice: 14, priceCurrency: 'USD', name: 'Large' },
    ]);
    expect(mi.suitableForDiet).to.deep.equal(['https://schema.org/VeganDiet']);
    expect(mi.nutrition.calories).to.equal('300 calories');
    expect(mi.image).to.deep.equal(['https://img.example/a.jpg']);
    expect(mi).to.not.have.property('description');
  });

  it('has a label for every dietary flag in every language', () => {
    for (const lang of ['en', 'es', 'fr', 'de']) {
      for (const label of Object.values(menuStrings(lang).flags)) expect(label).to.be.a('string').and.not.equal('');
    }
  });
});
