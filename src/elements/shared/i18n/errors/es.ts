import type { ErrorStrings } from './en.ts';

export default {
  NO_ENDPOINT: () => "Este widget aún no está conectado: añada la dirección del servicio de datos del comercio (el ajuste «endpoint»).",
  INVALID_ENDPOINT: ({ endpoint }) => `La dirección del servicio de datos «${endpoint}» no es una dirección web. Debe empezar por https://.`,
  NO_LOCATION_ID: () => "Este widget no sabe qué establecimiento mostrar: añada un ID de establecimiento (el ajuste «location-id»).",
  LOCATION_DOES_NOT_EXIST: ({ id }) => `No se encontró ningún establecimiento con el ID «${id}». Revise el ajuste «location-id».`,
  GATEWAY_UNREACHABLE: ({ endpoint }) => `No hay respuesta en ${endpoint}. Revise el ajuste «endpoint» y que el servicio de datos del comercio esté en marcha.`,
  GATEWAY_REFUSED_ORIGIN: ({ endpoint, origin }) => `El servicio de datos en ${endpoint} rechazó este sitio (CORS). Añada ${origin} a sus orígenes permitidos (MERCHANT_ALLOWED_ORIGINS).`,
  NOT_A_GATEWAY: ({ endpoint }) => `${endpoint} no es un servicio de datos del comercio. Ponga en «endpoint» la dirección del propio servicio${/\/v1\/?$/.test(endpoint) ? ', sin /v1' : ''}.`,
} satisfies ErrorStrings;
