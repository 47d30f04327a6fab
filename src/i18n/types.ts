// The shape of a language module: each namespace's table, typed by its English original.
import type { SharedMessages } from '../elements/shared/i18n.ts';
import type { ErrorMessages } from '../elements/shared/error-view.ts';
import type { CtaMessages } from '../elements/shared/cta-i18n.ts';
import type { ActionsMessages } from '../elements/actions/actions-i18n.ts';
import type { LocationMessages } from '../elements/location/location-i18n.ts';
import type { NearbyMessages } from '../elements/nearby/nearby-i18n.ts';
import type { MenuStrings } from '../elements/menu/menu-i18n.ts';
import type { HoursStrings } from '../elements/hours/hours-i18n.ts';
import type { PhotosStrings } from '../elements/photos/photos-i18n.ts';

export interface Translations {
  shared: SharedMessages;
  errors: ErrorMessages;
  cta: CtaMessages;
  actions: ActionsMessages;
  location: LocationMessages;
  nearby: NearbyMessages;
  menu: MenuStrings;
  hours: HoursStrings;
  photos: PhotosStrings;
}
