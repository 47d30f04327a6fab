import type { SharedMessages } from '../../elements/shared/i18n.ts';

export default {
  loading: "Wird geladen…",
  retry: "Erneut versuchen",
  errorNoEndpoint: () => "Dieses Widget ist noch nicht verbunden: Tragen Sie die Adresse des Händler-Datendienstes ein (die Einstellung „endpoint“).",
  errorInvalidEndpoint: ({ endpoint }) => `Die Adresse des Datendienstes „${endpoint}“ ist keine Webadresse. Sie sollte mit https:// beginnen.`,
  errorNoLocation: () => "Dieses Widget weiß nicht, welcher Standort gezeigt werden soll: Tragen Sie eine Standort-ID ein (die Einstellung „location-id“).",
  errorNotFound: ({ id }) => `Es wurde kein Standort mit der ID „${id}“ gefunden. Prüfen Sie die Einstellung „location-id“.`,
  errorUnreachable: ({ endpoint }) => `Der Datendienst unter ${endpoint} ist nicht erreichbar. Prüfen Sie die Einstellung „endpoint“ und ob der Dienst läuft und diese Website zulässt.`,
  errorInvalidAttribute: ({ detail }) => `Eine Einstellung dieses Widgets ist ungültig: ${detail}`,
  errorGeneric: () => "Diese Informationen können gerade nicht angezeigt werden. Bitte versuchen Sie es später erneut.",
  opensInNewTab: "(öffnet in einem neuen Tab)",
} satisfies SharedMessages;
