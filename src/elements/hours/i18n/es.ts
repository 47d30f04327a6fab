import type { HoursStrings } from './en.ts';

export default {
  hours: 'Horario',
  openNow: 'Abierto ahora',
  closedNow: 'Cerrado ahora',
  closesSoon: 'Cierra pronto',
  open24: 'Abierto 24 horas',
  closed: 'Cerrado',
  today: 'Hoy',
  holidays: 'Horario en festivos',
  noHours: 'El horario no está disponible.',
  closesAt: (t) => `Cierra a las ${t}`,
  opensAt: (t) => `Abre a las ${t}`,
  opensTomorrow: (t) => `Abre mañana a las ${t}`,
  opensOn: (d, t) => `Abre el ${d} a las ${t}`,
  closesOn: (d, t) => `Cierra el ${d} a las ${t}`,
  through: (a, b) => `${a} – ${b}`,
  asOf: (t) => `a las ${t}`,
} satisfies HoursStrings;
