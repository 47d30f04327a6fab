import type { ErrorStrings } from './en.ts';

export default {
  NO_ENDPOINT: () => "Ce widget n’est pas encore connecté : ajoutez l’adresse du service de données du commerçant (le réglage « endpoint »).",
  INVALID_ENDPOINT: ({ endpoint }) => `L’adresse du service de données « ${endpoint} » n’est pas une adresse web. Elle doit commencer par https://.`,
  NO_LOCATION_ID: () => "Ce widget ne sait pas quel établissement afficher : ajoutez un identifiant d’établissement (le réglage « location-id »).",
  LOCATION_DOES_NOT_EXIST: ({ id }) => `Aucun établissement avec l’identifiant « ${id} » n’a été trouvé. Vérifiez le réglage « location-id ».`,
  GATEWAY_UNREACHABLE: ({ endpoint }) => `Aucune réponse à ${endpoint}. Vérifiez le réglage « endpoint » et que le service de données fonctionne.`,
  GATEWAY_REFUSED_ORIGIN: ({ endpoint, origin }) => `Le service de données à ${endpoint} a refusé ce site (CORS). Ajoutez ${origin} à ses origines autorisées (MERCHANT_ALLOWED_ORIGINS).`,
  NOT_A_GATEWAY: ({ endpoint }) => `${endpoint} n’est pas un service de données marchand. Indiquez dans « endpoint » l’adresse du service lui-même${/\/v1\/?$/.test(endpoint) ? ', sans /v1' : ''}.`,
} satisfies ErrorStrings;
