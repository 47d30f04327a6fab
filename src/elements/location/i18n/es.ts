import type { LocationStrings } from './en.ts';

export default {
  viewOnMap: "Ver en el mapa",
  cuisine: "Cocina",
  services: "Servicios",
  service: {
    takeOut: "Para llevar",
    dineIn: "Comer en el local",
    delivery: "Entrega a domicilio",
    driveThru: "Autoservicio",
    reservations: "Reservas",
    catering: "Catering",
    wheelchairAccess: "Accesible en silla de ruedas",
  },
  priceRating: (rating) => `Nivel de precio ${rating} de 5`,
} satisfies LocationStrings;
