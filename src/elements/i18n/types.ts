// The shape of a language module: each namespace's table, typed by its English original (which imports nothing
// that loads a language, so no import circle goes through here).
import type { SharedStrings } from '../shared/i18n/shared/en.ts';
import type { ErrorStrings } from '../shared/i18n/errors/en.ts';
import type { CtaStrings } from '../shared/i18n/cta/en.ts';
import type { ActionsStrings } from '../actions/i18n/en.ts';
import type { LocationStrings } from '../location/i18n/en.ts';
import type { NearbyStrings } from '../nearby/i18n/en.ts';
import type { MenuStrings } from '../menu/i18n/en.ts';
import type { HoursStrings } from '../hours/i18n/en.ts';
import type { PhotosStrings } from '../photos/i18n/en.ts';

export interface Translations {
  shared: SharedStrings;
  errors: ErrorStrings;
  cta: CtaStrings;
  actions: ActionsStrings;
  location: LocationStrings;
  nearby: NearbyStrings;
  menu: MenuStrings;
  hours: HoursStrings;
  photos: PhotosStrings;
}
