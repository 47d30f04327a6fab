import type { ErrorStrings } from './en.ts';

export default {
  NO_ENDPOINT: () => "Dieses Widget ist noch nicht verbunden: Tragen Sie die Adresse des Händler-Datendienstes ein (die Einstellung „endpoint“).",
  INVALID_ENDPOINT: ({ endpoint }) => `Die Adresse des Datendienstes „${endpoint}“ ist keine Webadresse. Sie sollte mit https:// beginnen.`,
  NO_LOCATION_ID: () => "Dieses Widget weiß nicht, welcher Standort gezeigt werden soll: Tragen Sie eine Standort-ID ein (die Einstellung „location-id“).",
  LOCATION_DOES_NOT_EXIST: ({ id }) => `Es wurde kein Standort mit der ID „${id}“ gefunden. Prüfen Sie die Einstellung „location-id“.`,
  GATEWAY_UNREACHABLE: ({ endpoint }) => `Keine Antwort unter ${endpoint}. Prüfen Sie die Einstellung „endpoint“ und ob der Datendienst läuft.`,
  GATEWAY_REFUSED_ORIGIN: ({ endpoint, origin }) => `Der Datendienst unter ${endpoint} hat diese Website abgelehnt (CORS). Tragen Sie ${origin} in seine erlaubten Origins ein (MERCHANT_ALLOWED_ORIGINS).`,
  NOT_A_GATEWAY: ({ endpoint }) => `${endpoint} ist kein Händler-Datendienst. Tragen Sie bei „endpoint“ die Adresse des Dienstes selbst ein${/\/v1\/?$/.test(endpoint) ? ', ohne /v1' : ''}.`,
} satisfies ErrorStrings;
