import type { SharedStrings } from './en.ts';

export default {
  loading: "Chargement…",
  retry: "Réessayer",
  opensInNewTab: "(s’ouvre dans un nouvel onglet)",
  errorGeneric: "Ces informations ne peuvent pas être affichées pour le moment. Réessayez plus tard.",
} satisfies SharedStrings;
