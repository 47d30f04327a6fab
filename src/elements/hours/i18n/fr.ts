import type { HoursStrings } from './en.ts';

export default {
  hours: "Horaires d'ouverture",
  openNow: 'Ouvert',
  closedNow: 'Fermé',
  closesSoon: 'Ferme bientôt',
  open24: 'Ouvert 24 h/24',
  closed: 'Fermé',
  today: "Aujourd'hui",
  holidays: 'Horaires des jours fériés',
  noHours: "Les horaires d'ouverture ne sont pas disponibles.",
  closesAt: (t) => `Ferme à ${t}`,
  opensAt: (t) => `Ouvre à ${t}`,
  opensTomorrow: (t) => `Ouvre demain à ${t}`,
  opensOn: (d, t) => `Ouvre ${d} à ${t}`,
  closesOn: (d, t) => `Ferme ${d} à ${t}`,
  through: (a, b) => `${a} – ${b}`,
  asOf: (t) => `à ${t}`,
} satisfies HoursStrings;
