import type { HoursStrings } from './en.ts';

export default {
  hours: 'Öffnungszeiten',
  openNow: 'Jetzt geöffnet',
  closedNow: 'Jetzt geschlossen',
  closesSoon: 'Schließt bald',
  open24: '24 Stunden geöffnet',
  closed: 'Geschlossen',
  today: 'Heute',
  holidays: 'Öffnungszeiten an Feiertagen',
  noHours: 'Öffnungszeiten sind nicht verfügbar.',
  closesAt: (t) => `Schließt um ${t}`,
  opensAt: (t) => `Öffnet um ${t}`,
  opensTomorrow: (t) => `Öffnet morgen um ${t}`,
  opensOn: (d, t) => `Öffnet ${d} um ${t}`,
  closesOn: (d, t) => `Schließt ${d} um ${t}`,
  through: (a, b) => `${a}–${b}`,
  asOf: (t) => `Stand ${t}`,
} satisfies HoursStrings;
