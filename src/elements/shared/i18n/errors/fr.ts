import type { ErrorStrings } from './en.ts';

export default {
  NO_ENDPOINT: () => "Ce widget n’est pas encore connecté : ajoutez l’adresse du service de données du commerçant (le réglage « endpoint »).",
  INVALID_ENDPOINT: ({ endpoint }) => `L’adresse du service de données « ${endpoint} » n’est pas une adresse web. Elle doit commencer par https://.`,
  NO_LOCATION_ID: () => "Ce widget ne sait pas quel établissement afficher : ajoutez un identifiant d’établissement (le réglage « location-id »).",
  LOCATION_DOES_NOT_EXIST: ({ id }) => `Aucun établissement avec l’identifiant « ${id} » n’a été trouvé. Vérifiez le réglage « location-id ».`,
  GATEWAY_UNREACHABLE: ({ endpoint }) => `Impossible de joindre le service de données à ${endpoint}. Vérifiez le réglage « endpoint », que le service fonctionne et qu’il autorise ce site.`,
} satisfies ErrorStrings;
