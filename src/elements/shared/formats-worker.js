/**
 * The formats worker (dist/merchant-elements-formats-worker.js), started by the script-tag bundle as it runs
 * (src/elements/shared/warm-formats.ts). A page's first Intl formatter costs 100–200 ms of main thread on a phone
 * (Lighthouse's 4× CPU): V8 and ICU load what formatting needs, once per renderer process and for every thread in it.
 * Made here, on another thread while the page waits for the elements' files and data, the page's own first formatters
 * then cost under a millisecond. It makes one formatter of each kind the elements' views make, in each locale the page
 * posts, formats with each, and ends. It reads nothing and sends nothing back.
 */
self.onmessage = ({ data: locales }) => {
  const moment = Date.UTC(2026, 0, 5, 21, 30);
  for (const locale of Array.isArray(locales) ? locales : []) {
    try {
      new Intl.NumberFormat(locale).format(1.5);
      new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1.5);
      new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(moment);
      new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'America/New_York' }).format(moment);
      new Intl.Locale(locale).maximize();
    } catch {
      // A locale Intl refuses: the element says so when it renders.
    }
  }
  self.close();
};
