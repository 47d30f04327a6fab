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
  // States
  loading: 'Loading…',
  retry: 'Try again',
  errorNoEndpoint:
    'This widget is not connected yet: add the address of the merchant data service (the “endpoint” setting).',
  errorInvalidEndpoint: 'The data service address “{endpoint}” is not a web address. It should start with https://.',
  errorNoLocation: 'This widget does not know which location to show: add a location ID (the “location-id” setting).',
  errorNotFound: 'No location with the ID “{id}” was found. Check the “location-id” setting.',
  errorUnreachable:
    'Could not reach the merchant data service at {endpoint}. Check the “endpoint” setting, and that the service is running and allows this website.',
  errorInvalidAttribute: 'A setting of this widget is not valid: {detail}',
  errorGeneric: 'This information cannot be shown right now. Please try again later.',
  opensInNewTab: '(opens in a new tab)',
  // Actions
  actionsLabel: 'Ways to order, book and save',
  actionsEmpty: 'No offers are available right now.',
  actionsNearby: 'Nearby',
  cta_foodordering: 'Order online',
  cta_deal: 'Get the deal',
  cta_coupon: 'Get the coupon',
  cta_giftcard: 'Buy a gift card',
  cta_discountgiftcard: 'Buy a discounted gift card',
  cta_discountcertificate: 'Buy a discount certificate',
  cta_foodreservation: 'Reserve a table',
  cta_booking: 'Book now',
  cta_joinmailinglist: 'Join the mailing list',
  cta_other: 'Learn more',
  discountAmount: 'Save {amount}',
  discountPercent: '{percent} off',
  expires: 'Expires {date}',
  // Location
  address: 'Address',
  viewOnMap: 'View on map',
  phone: 'Phone',
  call: 'Call {phone}',
  website: 'Website',
  email: 'Email',
  cuisine: 'Cuisine',
  services: 'Services',
  takeOut: 'Take-out',
  dineIn: 'Dine-in',
  delivery: 'Delivery',
  driveThru: 'Drive-through',
  reservations: 'Reservations',
  catering: 'Catering',
  wheelchairAccess: 'Wheelchair accessible',
  priceRating: 'Price level {rating} of 5',
  // Nearby
  nearbyLabel: 'Nearby offers',
  nearbyEmpty: 'Nothing nearby right now.',
  distanceAway: '{distance} away',
};
export type SharedMessageKey = keyof typeof en;

export const sharedMessages: MessageTable<SharedMessageKey> = {
  en,
  es: {
    loading: 'Cargando…',
    retry: 'Reintentar',
    errorNoEndpoint:
      'Este widget aún no está conectado: añada la dirección del servicio de datos del comercio (el ajuste «endpoint»).',
    errorInvalidEndpoint: 'La dirección del servicio de datos «{endpoint}» no es una dirección web. Debe empezar por https://.',
    errorNoLocation: 'Este widget no sabe qué establecimiento mostrar: añada un ID de establecimiento (el ajuste «location-id»).',
    errorNotFound: 'No se encontró ningún establecimiento con el ID «{id}». Revise el ajuste «location-id».',
    errorUnreachable:
      'No se pudo conectar con el servicio de datos en {endpoint}. Revise el ajuste «endpoint» y que el servicio esté en marcha y admita este sitio web.',
    errorInvalidAttribute: 'Un ajuste de este widget no es válido: {detail}',
    errorGeneric: 'Esta información no se puede mostrar ahora. Inténtelo de nuevo más tarde.',
    opensInNewTab: '(se abre en una pestaña nueva)',
    actionsLabel: 'Formas de pedir, reservar y ahorrar',
    actionsEmpty: 'No hay ofertas disponibles en este momento.',
    actionsNearby: 'Cerca',
    cta_foodordering: 'Pedir en línea',
    cta_deal: 'Ver la oferta',
    cta_coupon: 'Obtener el cupón',
    cta_giftcard: 'Comprar una tarjeta regalo',
    cta_discountgiftcard: 'Comprar una tarjeta regalo con descuento',
    cta_discountcertificate: 'Comprar un certificado de descuento',
    cta_foodreservation: 'Reservar mesa',
    cta_booking: 'Reservar ahora',
    cta_joinmailinglist: 'Suscribirse a la lista de correo',
    cta_other: 'Más información',
    discountAmount: 'Ahorre {amount}',
    discountPercent: '{percent} de descuento',
    expires: 'Vence el {date}',
    address: 'Dirección',
    viewOnMap: 'Ver en el mapa',
    phone: 'Teléfono',
    call: 'Llamar al {phone}',
    website: 'Sitio web',
    email: 'Correo electrónico',
    cuisine: 'Cocina',
    services: 'Servicios',
    takeOut: 'Para llevar',
    dineIn: 'Comer en el local',
    delivery: 'Entrega a domicilio',
    driveThru: 'Autoservicio',
    reservations: 'Reservas',
    catering: 'Catering',
    wheelchairAccess: 'Accesible en silla de ruedas',
    priceRating: 'Nivel de precio {rating} de 5',
    nearbyLabel: 'Ofertas cercanas',
    nearbyEmpty: 'No hay nada cerca en este momento.',
    distanceAway: 'a {distance}',
  },
  fr: {
    loading: 'Chargement…',
    retry: 'Réessayer',
    errorNoEndpoint:
      'Ce widget n’est pas encore connecté : ajoutez l’adresse du service de données du commerçant (le réglage « endpoint »).',
    errorInvalidEndpoint: 'L’adresse du service de données « {endpoint} » n’est pas une adresse web. Elle doit commencer par https://.',
    errorNoLocation: 'Ce widget ne sait pas quel établissement afficher : ajoutez un identifiant d’établissement (le réglage « location-id »).',
    errorNotFound: 'Aucun établissement avec l’identifiant « {id} » n’a été trouvé. Vérifiez le réglage « location-id ».',
    errorUnreachable:
      'Impossible de joindre le service de données à {endpoint}. Vérifiez le réglage « endpoint », que le service fonctionne et qu’il autorise ce site.',
    errorInvalidAttribute: 'Un réglage de ce widget n’est pas valide : {detail}',
    errorGeneric: 'Ces informations ne peuvent pas être affichées pour le moment. Réessayez plus tard.',
    opensInNewTab: '(s’ouvre dans un nouvel onglet)',
    actionsLabel: 'Commander, réserver et économiser',
    actionsEmpty: 'Aucune offre disponible pour le moment.',
    actionsNearby: 'À proximité',
    cta_foodordering: 'Commander en ligne',
    cta_deal: 'Profiter de l’offre',
    cta_coupon: 'Obtenir le coupon',
    cta_giftcard: 'Acheter une carte cadeau',
    cta_discountgiftcard: 'Acheter une carte cadeau à prix réduit',
    cta_discountcertificate: 'Acheter un bon de réduction',
    cta_foodreservation: 'Réserver une table',
    cta_booking: 'Réserver',
    cta_joinmailinglist: 'S’inscrire à la liste de diffusion',
    cta_other: 'En savoir plus',
    discountAmount: 'Économisez {amount}',
    discountPercent: '{percent} de réduction',
    expires: 'Expire le {date}',
    address: 'Adresse',
    viewOnMap: 'Voir sur la carte',
    phone: 'Téléphone',
    call: 'Appeler le {phone}',
    website: 'Site web',
    email: 'E-mail',
    cuisine: 'Cuisine',
    services: 'Services',
    takeOut: 'À emporter',
    dineIn: 'Sur place',
    delivery: 'Livraison',
    driveThru: 'Service au volant',
    reservations: 'Réservations',
    catering: 'Traiteur',
    wheelchairAccess: 'Accessible en fauteuil roulant',
    priceRating: 'Niveau de prix {rating} sur 5',
    nearbyLabel: 'Offres à proximité',
    nearbyEmpty: 'Rien à proximité pour le moment.',
    distanceAway: 'à {distance}',
  },
  de: {
    loading: 'Wird geladen…',
    retry: 'Erneut versuchen',
    errorNoEndpoint:
      'Dieses Widget ist noch nicht verbunden: Tragen Sie die Adresse des Händler-Datendienstes ein (die Einstellung „endpoint“).',
    errorInvalidEndpoint: 'Die Adresse des Datendienstes „{endpoint}“ ist keine Webadresse. Sie sollte mit https:// beginnen.',
    errorNoLocation: 'Dieses Widget weiß nicht, welcher Standort gezeigt werden soll: Tragen Sie eine Standort-ID ein (die Einstellung „location-id“).',
    errorNotFound: 'Es wurde kein Standort mit der ID „{id}“ gefunden. Prüfen Sie die Einstellung „location-id“.',
    errorUnreachable:
      'Der Datendienst unter {endpoint} ist nicht erreichbar. Prüfen Sie die Einstellung „endpoint“ und ob der Dienst läuft und diese Website zulässt.',
    errorInvalidAttribute: 'Eine Einstellung dieses Widgets ist ungültig: {detail}',
    errorGeneric: 'Diese Informationen können gerade nicht angezeigt werden. Bitte versuchen Sie es später erneut.',
    opensInNewTab: '(öffnet in einem neuen Tab)',
    actionsLabel: 'Bestellen, reservieren und sparen',
    actionsEmpty: 'Zurzeit sind keine Angebote verfügbar.',
    actionsNearby: 'In der Nähe',
    cta_foodordering: 'Online bestellen',
    cta_deal: 'Angebot sichern',
    cta_coupon: 'Gutschein holen',
    cta_giftcard: 'Geschenkkarte kaufen',
    cta_discountgiftcard: 'Rabattierte Geschenkkarte kaufen',
    cta_discountcertificate: 'Rabattgutschein kaufen',
    cta_foodreservation: 'Tisch reservieren',
    cta_booking: 'Jetzt buchen',
    cta_joinmailinglist: 'Newsletter abonnieren',
    cta_other: 'Mehr erfahren',
    discountAmount: '{amount} sparen',
    discountPercent: '{percent} Rabatt',
    expires: 'Gültig bis {date}',
    address: 'Adresse',
    viewOnMap: 'Auf der Karte ansehen',
    phone: 'Telefon',
    call: '{phone} anrufen',
    website: 'Website',
    email: 'E-Mail',
    cuisine: 'Küche',
    services: 'Service',
    takeOut: 'Zum Mitnehmen',
    dineIn: 'Vor Ort essen',
    delivery: 'Lieferung',
    driveThru: 'Drive-in',
    reservations: 'Reservierungen',
    catering: 'Catering',
    wheelchairAccess: 'Rollstuhlgerecht',
    priceRating: 'Preisniveau {rating} von 5',
    nearbyLabel: 'Angebote in der Nähe',
    nearbyEmpty: 'Zurzeit nichts in der Nähe.',
    distanceAway: '{distance} entfernt',
  },
};

/** Translator of the shared table. */
export const msg: Translator<SharedMessageKey> = createTranslator(sharedMessages);
