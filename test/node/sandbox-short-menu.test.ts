/**
 * The representative short menu (issue 19): the upstream picks "entrees, appetizers, salads, desserts, beverages",
 * and places name their sections their own way. The sandbox maps a section to those kinds by meaning, so a
 * pizzeria's short menu has its pizzas, and every featured place's short menu shows its main dishes.
 *
 *   node --import tsx --test test/node/sandbox-short-menu.test.ts
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Dataset } from '../../src/sandbox/dataset/index.ts';
import { FEATURED_LOCATIONS } from '../../src/sandbox/dataset/draws.ts';
import { shortMenu } from '../../src/sandbox/publisher/routes.ts';
import { SANDBOX_DEFAULTS } from '../../src/sandbox/server.ts';
import * as routes from '../../src/sandbox/publisher/routes.ts';

const ds = new Dataset({ locations: SANDBOX_DEFAULTS.locations, seed: SANDBOX_DEFAULTS.seed });
/** Sections that hold a place's main dishes, whatever the place calls them. */
const MAINS = /^(Pizzas|Pasta|Curries|Mains|Tacos|Plates|Noodles & Rice|Sushi|Burgers|Bowls|Sandwiches|Breakfast|Entrees)$/;

test('sections map to the upstream kinds by meaning', () => {
  const sectionKind = (routes as Record<string, unknown>).sectionKind as ((name: string) => string | null) | undefined;
  assert.equal(typeof sectionKind, 'function', 'routes.ts exports sectionKind');
  const expected: Record<string, string | null> = {
    Pizzas: 'entrees',
    Pasta: 'entrees',
    Curries: 'entrees',
    Mains: 'entrees',
    Entrees: 'entrees',
    'Noodles & Rice': 'entrees',
    Starters: 'appetizers',
    'Small plates': 'appetizers',
    Appetizers: 'appetizers',
    Mezze: 'appetizers',
    Salads: 'salads',
    Desserts: 'desserts',
    Pastries: 'desserts',
    Drinks: 'beverages',
    Wine: 'beverages',
    Cocktails: 'beverages',
    'Draft Beer': 'beverages',
    Beverages: 'beverages',
    Hair: null,
    Services: null,
  };
  for (const [name, kind] of Object.entries(expected)) assert.equal(sectionKind!(name), kind, name);
});

test("the showcase pizzeria's short menu has its pizzas", () => {
  const menus = ds.menus(0, 'http://sandbox.test').map(shortMenu);
  const names = menus.flatMap((m) => m.sections.map((s: { name: string }) => s.name));
  assert.ok(names.includes('Pizzas'), `short menu sections: ${names.join(', ')}`);
});

test("every featured place's short menu shows its main dishes", () => {
  for (let i = 0; i < FEATURED_LOCATIONS; i++) {
    const full = ds.menus(i, 'http://sandbox.test');
    for (const [m, menu] of full.entries()) {
      const mains = menu.sections.filter((s: { name: string }) => MAINS.test(s.name));
      if (mains.length === 0) continue; // a drinks menu
      const short = shortMenu(menu).sections.map((s: { name: string }) => s.name);
      assert.ok(
        short.some((n: string) => MAINS.test(n)),
        `${ds.idAt(i)} menu ${m} (${menu.name}): short menu ${short.join(', ')} lacks ${mains.map((s: { name: string }) => s.name).join(', ')}`,
      );
    }
  }
});
