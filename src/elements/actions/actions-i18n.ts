/** <merchant-actions> UI strings. Kept next to its element, so other elements' npm entries do not carry it. */
import { createTranslator, type MessageTable } from '../shared/i18n.ts';

const messages = {
  en: {
    actionsEmpty: "No offers are available right now.",
    actionsNearby: "Nearby",
    discountAmount: "Save {amount}",
    discountPercent: "{percent} off",
    expires: "Expires {date}",
  },
  es: {
    actionsEmpty: "No hay ofertas disponibles en este momento.",
    actionsNearby: "Cerca",
    discountAmount: "Ahorre {amount}",
    discountPercent: "{percent} de descuento",
    expires: "Vence el {date}",
  },
  fr: {
    actionsEmpty: "Aucune offre disponible pour le moment.",
    actionsNearby: "À proximité",
    discountAmount: "Économisez {amount}",
    discountPercent: "{percent} de réduction",
    expires: "Expire le {date}",
  },
  de: {
    actionsEmpty: "Zurzeit sind keine Angebote verfügbar.",
    actionsNearby: "In der Nähe",
    discountAmount: "{amount} sparen",
    discountPercent: "{percent} Rabatt",
    expires: "Gültig bis {date}",
  },
} satisfies MessageTable<'actionsEmpty' | 'actionsNearby' | 'discountAmount' | 'discountPercent' | 'expires'>;
export type ActionsMessageKey = keyof typeof messages.en;

export const actionsMsg = createTranslator<ActionsMessageKey>(messages);
