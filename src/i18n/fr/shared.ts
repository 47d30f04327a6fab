import type { SharedMessages } from '../../elements/shared/i18n.ts';

export default {
  loading: "Chargement…",
  retry: "Réessayer",
  errorNoEndpoint: () => "Ce widget n’est pas encore connecté : ajoutez l’adresse du service de données du commerçant (le réglage « endpoint »).",
  errorInvalidEndpoint: ({ endpoint }) => `L’adresse du service de données « ${endpoint} » n’est pas une adresse web. Elle doit commencer par https://.`,
  errorNoLocation: () => "Ce widget ne sait pas quel établissement afficher : ajoutez un identifiant d’établissement (le réglage « location-id »).",
  errorNotFound: ({ id }) => `Aucun établissement avec l’identifiant « ${id} » n’a été trouvé. Vérifiez le réglage « location-id ».`,
  errorUnreachable: ({ endpoint }) => `Impossible de joindre le service de données à ${endpoint}. Vérifiez le réglage « endpoint », que le service fonctionne et qu’il autorise ce site.`,
  errorInvalidAttribute: ({ detail }) => `Un réglage de ce widget n’est pas valide : ${detail}`,
  errorGeneric: () => "Ces informations ne peuvent pas être affichées pour le moment. Réessayez plus tard.",
  opensInNewTab: "(s’ouvre dans un nouvel onglet)",
} satisfies SharedMessages;
