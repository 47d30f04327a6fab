// The shape of a language module: each namespace's table, typed by its English original (which imports nothing
// that loads a language, so no import circle goes through here).
import type { SharedStrings } from '../shared/strings.ts';
import type { ErrorStrings } from '../shared/error-strings.ts';
import type { CtaStrings } from '../shared/cta-strings.ts';
import type { ActionsStrings } from '../actions/strings.ts';
import type { LocationStrings } from '../location/strings.ts';
import type { NearbyStrings } from '../nearby/strings.ts';
import type { MenuStrings } from '../menu/strings.ts';
import type { MenuToolsStrings } from '../menu/tools-strings.ts';
import type { HoursStrings } from '../hours/strings.ts';
import type { PhotosStrings } from '../photos/strings.ts';

export interface Translations {
  shared: SharedStrings;
  errors: ErrorStrings;
  cta: CtaStrings;
  actions: ActionsStrings;
  location: LocationStrings;
  nearby: NearbyStrings;
  menu: MenuStrings;
  menuTools: MenuToolsStrings;
  hours: HoursStrings;
  photos: PhotosStrings;
}
