/**
 * Search folding, held to one golden list (test/support/fold-cases.json) that the plugin's PHPUnit reads too
 * (test/php/FoldTest.php): the directory's fold (src/contract/directory.ts, the Node gateway's; the plugin's
 * Directory::fold is its PHP) and the menu search's (src/elements/menu/menu-tools.ts, in the browser, in the page's
 * language). Greek sigma is the case that parted them: lower case writes a word-final Σ as ς in JavaScript and as σ in
 * PHP before 8.3, and one character at a time (the menu's marks) as σ; every fold now makes every sigma σ.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { foldText } from '../../src/contract/directory.ts';
import { fold as menuFold } from '../../src/elements/menu/menu-tools.ts';
import { at } from './dist-helpers.ts';

const { cases } = JSON.parse(readFileSync(at('test/support/fold-cases.json'), 'utf8')) as { cases: Array<[string, string]> };

describe('search folding: one golden list', () => {
  it('has cases, Greek sigma among them', () => {
    assert.ok(cases.length >= 10);
    assert.ok(cases.some(([text]) => /ς/.test(text)) && cases.some(([text]) => /Σ$/.test(text)));
  });

  it("the directory's fold (Node gateway; the plugin's PHP reads the same list)", () => {
    for (const [text, folded] of cases) assert.equal(foldText(text), folded, text);
  });

  for (const locale of ['en', 'el']) {
    it(`the menu search's fold, in ${locale}: the whole text, and one character at a time as its marks fold`, () => {
      for (const [text, folded] of cases) {
        assert.equal(menuFold(text, locale), folded, text);
        assert.equal([...text].map((char) => menuFold(char, locale)).join(''), folded, `${text}, one character at a time`);
      }
    });
  }
});
