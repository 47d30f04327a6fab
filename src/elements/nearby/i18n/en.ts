/** <merchant-nearby> UI strings in English; the type every translation beside it satisfies. */
export interface NearbyStrings {
  empty: string;
}

export default {
  empty: 'Nothing nearby right now.',
} satisfies NearbyStrings;
