import type { ErrorStrings } from './en.ts';

export default {
  NO_ENDPOINT: () => "Dieses Widget ist noch nicht verbunden: Tragen Sie die Adresse des Händler-Datendienstes ein (die Einstellung „endpoint“).",
  INVALID_ENDPOINT: ({ endpoint }) => `Die Adresse des Datendienstes „${endpoint}“ ist keine Webadresse. Sie sollte mit https:// beginnen.`,
  NO_LOCATION_ID: () => "Dieses Widget weiß nicht, welcher Standort gezeigt werden soll: Tragen Sie eine Standort-ID ein (die Einstellung „location-id“).",
  LOCATION_DOES_NOT_EXIST: ({ id }) => `Es wurde kein Standort mit der ID „${id}“ gefunden. Prüfen Sie die Einstellung „location-id“.`,
  GATEWAY_UNREACHABLE: ({ endpoint }) => `Der Datendienst unter ${endpoint} ist nicht erreichbar. Prüfen Sie die Einstellung „endpoint“ und ob der Dienst läuft und diese Website zulässt.`,
} satisfies ErrorStrings;
