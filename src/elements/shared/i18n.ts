/**
 * UI strings in English, Spanish, French and German: a tiny typed table per feature and a translator.
 *
 * - `createTranslator(table)` makes a `msg(locale, key, params)` for any table whose `en` entry defines the keys;
 *   TypeScript then requires every other language to have exactly those keys. Elements may keep their own
 *   table next to them (e.g. `src/elements/menu/messages.ts`) and call `createTranslator` on it.
 * - `msg` is the translator of the shared table below (states, configuration errors, actions, location, nearby).
 * - `{name}` placeholders are replaced by `params.name` (as text; templates render it as text too).
 */

export const UI_LANGUAGES = ['en', 'es', 'fr', 'de'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export type MessageTable<K extends string> = { en: Record<K, string> } & Record<Exclude<UiLanguage, 'en'>, Record<K, string>>;
export type MessageParams = Record<string, string | number>;
export type Translator<K extends string> = (locale: string | null | undefined, key: K, params?: MessageParams) => string;

/** The UI language for a BCP 47 locale: its language subtag when supported, else English. */
export function uiLanguage(locale: string | null | undefined): UiLanguage {
  const lang = (locale ?? '').trim().toLowerCase().split(/[-_]/)[0];
  return (UI_LANGUAGES as readonly string[]).includes(lang) ? (lang as UiLanguage) : 'en';
}

export function createTranslator<K extends string>(table: MessageTable<K>): Translator<K> {
  return (locale, key, params) => {
    const text = table[uiLanguage(locale)][key] ?? table.en[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

const en = {
  loading: "Loading…",
  retry: "Try again",
  errorNoEndpoint: "This widget is not connected yet: add the address of the merchant data service (the “endpoint” setting).",
  errorInvalidEndpoint: "The data service address “{endpoint}” is not a web address. It should start with https://.",
  errorNoLocation: "This widget does not know which location to show: add a location ID (the “location-id” setting).",
  errorNotFound: "No location with the ID “{id}” was found. Check the “location-id” setting.",
  errorUnreachable: "Could not reach the merchant data service at {endpoint}. Check the “endpoint” setting, and that the service is running and allows this website.",
  errorInvalidAttribute: "A setting of this widget is not valid: {detail}",
  errorGeneric: "This information cannot be shown right now. Please try again later.",
  opensInNewTab: "(opens in a new tab)",
};
export type SharedMessageKey = keyof typeof en;

/** States, configuration errors and the new-tab note, shared by every element. Element-specific strings live next to each element (`*-i18n.ts`). */
export const sharedMessages: MessageTable<SharedMessageKey> = {
  en,
  es: {
    loading: "Cargando…",
    retry: "Reintentar",
    errorNoEndpoint: "Este widget aún no está conectado: añada la dirección del servicio de datos del comercio (el ajuste «endpoint»).",
    errorInvalidEndpoint: "La dirección del servicio de datos «{endpoint}» no es una dirección web. Debe empezar por https://.",
    errorNoLocation: "Este widget no sabe qué establecimiento mostrar: añada un ID de establecimiento (el ajuste «location-id»).",
    errorNotFound: "No se encontró ningún establecimiento con el ID «{id}». Revise el ajuste «location-id».",
    errorUnreachable: "No se pudo conectar con el servicio de datos en {endpoint}. Revise el ajuste «endpoint» y que el servicio esté en marcha y admita este sitio web.",
    errorInvalidAttribute: "Un ajuste de este widget no es válido: {detail}",
    errorGeneric: "Esta información no se puede mostrar ahora. Inténtelo de nuevo más tarde.",
    opensInNewTab: "(se abre en una pestaña nueva)",
  },
  fr: {
    loading: "Chargement…",
    retry: "Réessayer",
    errorNoEndpoint: "Ce widget n’est pas encore connecté : ajoutez l’adresse du service de données du commerçant (le réglage « endpoint »).",
    errorInvalidEndpoint: "L’adresse du service de données « {endpoint} » n’est pas une adresse web. Elle doit commencer par https://.",
    errorNoLocation: "Ce widget ne sait pas quel établissement afficher : ajoutez un identifiant d’établissement (le réglage « location-id »).",
    errorNotFound: "Aucun établissement avec l’identifiant « {id} » n’a été trouvé. Vérifiez le réglage « location-id ».",
    errorUnreachable: "Impossible de joindre le service de données à {endpoint}. Vérifiez le réglage « endpoint », que le service fonctionne et qu’il autorise ce site.",
    errorInvalidAttribute: "Un réglage de ce widget n’est pas valide : {detail}",
    errorGeneric: "Ces informations ne peuvent pas être affichées pour le moment. Réessayez plus tard.",
    opensInNewTab: "(s’ouvre dans un nouvel onglet)",
  },
  de: {
    loading: "Wird geladen…",
    retry: "Erneut versuchen",
    errorNoEndpoint: "Dieses Widget ist noch nicht verbunden: Tragen Sie die Adresse des Händler-Datendienstes ein (die Einstellung „endpoint“).",
    errorInvalidEndpoint: "Die Adresse des Datendienstes „{endpoint}“ ist keine Webadresse. Sie sollte mit https:// beginnen.",
    errorNoLocation: "Dieses Widget weiß nicht, welcher Standort gezeigt werden soll: Tragen Sie eine Standort-ID ein (die Einstellung „location-id“).",
    errorNotFound: "Es wurde kein Standort mit der ID „{id}“ gefunden. Prüfen Sie die Einstellung „location-id“.",
    errorUnreachable: "Der Datendienst unter {endpoint} ist nicht erreichbar. Prüfen Sie die Einstellung „endpoint“ und ob der Dienst läuft und diese Website zulässt.",
    errorInvalidAttribute: "Eine Einstellung dieses Widgets ist ungültig: {detail}",
    errorGeneric: "Diese Informationen können gerade nicht angezeigt werden. Bitte versuchen Sie es später erneut.",
    opensInNewTab: "(öffnet in einem neuen Tab)",
  },
};

export const msg: Translator<SharedMessageKey> = createTranslator(sharedMessages);
