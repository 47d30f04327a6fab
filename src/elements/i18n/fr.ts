// Every element's fr strings, one module loaded on demand (see src/elements/shared/i18n.ts).
import type { Translations } from './types.ts';
import shared from '../shared/i18n/shared/fr.ts';
import errors from '../shared/i18n/errors/fr.ts';
import cta from '../shared/i18n/cta/fr.ts';
import actions from '../actions/i18n/fr.ts';
import location from '../location/i18n/fr.ts';
import nearby from '../nearby/i18n/fr.ts';
import menu from '../menu/i18n/fr.ts';
import hours from '../hours/i18n/fr.ts';
import photos from '../photos/i18n/fr.ts';

export default { shared, errors, cta, actions, location, nearby, menu, hours, photos } satisfies Translations;
