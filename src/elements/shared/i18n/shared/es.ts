import type { SharedStrings } from './en.ts';

export default {
  loading: "Cargando…",
  retry: "Reintentar",
  opensInNewTab: "(se abre en una pestaña nueva)",
  errorGeneric: "Esta información no se puede mostrar ahora. Inténtelo de nuevo más tarde.",
} satisfies SharedStrings;
