/** <merchant-nearby> UI strings in English; the type each language module in src/elements/i18n/ satisfies. */
export interface NearbyStrings {
  empty: string;
}

export default {
  empty: 'Nothing nearby right now.',
} satisfies NearbyStrings;
