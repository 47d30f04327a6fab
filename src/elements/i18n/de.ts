// Every element's de strings, one module loaded on demand (see src/elements/shared/i18n.ts).
import type { Translations } from './types.ts';
import shared from '../shared/i18n/shared/de.ts';
import errors from '../shared/i18n/errors/de.ts';
import cta from '../shared/i18n/cta/de.ts';
import actions from '../actions/i18n/de.ts';
import location from '../location/i18n/de.ts';
import nearby from '../nearby/i18n/de.ts';
import menu from '../menu/i18n/de.ts';
import hours from '../hours/i18n/de.ts';
import photos from '../photos/i18n/de.ts';

export default { shared, errors, cta, actions, location, nearby, menu, hours, photos } satisfies Translations;
