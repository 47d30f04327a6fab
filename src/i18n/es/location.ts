import type { LocationMessages } from '../../elements/location/location-i18n.ts';

export default {
  address: "Dirección",
  viewOnMap: "Ver en el mapa",
  phone: "Teléfono",
  call: "Llamar al {phone}",
  website: "Sitio web",
  email: "Correo electrónico",
  cuisine: "Cocina",
  services: "Servicios",
  takeOut: "Para llevar",
  dineIn: "Comer en el local",
  delivery: "Entrega a domicilio",
  driveThru: "Autoservicio",
  reservations: "Reservas",
  catering: "Catering",
  wheelchairAccess: "Accesible en silla de ruedas",
  priceRating: "Nivel de precio {rating} de 5",
} satisfies LocationMessages;
