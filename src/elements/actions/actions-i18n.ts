/** <merchant-actions> UI strings. Kept next to its element, so other elements' npm entries do not carry it. */
import { createTranslator } from '../shared/i18n.ts';

const en = {
  actionsEmpty: "No offers are available right now.",
  actionsNearby: "Nearby",
  discountAmount: "Save {amount}",
  discountPercent: "{percent} off",
  expires: "Expires {date}",
};
export type ActionsMessageKey = keyof typeof en;
export type ActionsMessages = Record<ActionsMessageKey, string>;

export const actionsMsg = createTranslator('actions', en);
