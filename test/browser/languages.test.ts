// The one list of languages (src/elements/i18n/languages.js) drives what the elements load: every language it names
// loads on demand, by its code or any locale of it, and translates; a language it does not name is English.
import { expect } from '@open-wc/testing';
import { LANGUAGES, languageCodes, nativeName } from '../../src/elements/i18n/languages.js';
import { loadLanguage, sharedStrings, uiLanguage } from '../../src/elements/shared/i18n.ts';
import { hoursStrings } from '../../src/elements/hours/hours-i18n.ts';

describe('languages', () => {
  it('loads every listed language for any locale of it, and its strings replace the English ones', async () => {
    const english = sharedStrings('en');
    for (const code of Object.keys(LANGUAGES)) {
      const locale = `${code.toUpperCase()}-x-test`;
      expect(uiLanguage(locale), locale).to.equal(code);
      await loadLanguage(locale);
      expect(sharedStrings(locale).loading, code).to.be.a('string').and.not.equal(english.loading);
      expect(hoursStrings(code).openNow, code).to.not.equal(hoursStrings('en').openNow);
    }
  });

  it('shows English for a language the list does not name, and names each language in itself', async () => {
    await loadLanguage('tlh');
    expect(uiLanguage('tlh')).to.equal('en');
    expect(sharedStrings('tlh')).to.equal(sharedStrings('en'));
    expect(languageCodes()[0]).to.equal('en');
    expect(languageCodes().slice(1)).to.deep.equal(Object.keys(LANGUAGES));
    expect(nativeName('de')).to.equal('Deutsch');
    expect(nativeName('es')).to.equal('Español');
  });
});
