/** Strings every element shares, in English; their shape is the type each language module in src/elements/i18n/ satisfies. */

const en = {
  loading: 'Loading…',
  retry: 'Try again',
  opensInNewTab: '(opens in a new tab)',
  /** Any error the error view cannot explain (error-view.ts). */
  errorGeneric: 'This cannot be shown right now. Please try again later.',
};

export type SharedStrings = typeof en;

export default en;
