import type { SharedStrings } from './en.ts';

export default {
  loading: "Wird geladen…",
  retry: "Erneut versuchen",
  opensInNewTab: "(öffnet in einem neuen Tab)",
  errorGeneric: "Diese Informationen können gerade nicht angezeigt werden. Bitte versuchen Sie es später erneut.",
} satisfies SharedStrings;
