// Every element's es strings, one module loaded on demand (see src/elements/shared/i18n.ts).
import type { Translations } from './types.ts';
import shared from '../shared/i18n/shared/es.ts';
import errors from '../shared/i18n/errors/es.ts';
import cta from '../shared/i18n/cta/es.ts';
import actions from '../actions/i18n/es.ts';
import location from '../location/i18n/es.ts';
import nearby from '../nearby/i18n/es.ts';
import menu from '../menu/i18n/es.ts';
import hours from '../hours/i18n/es.ts';
import photos from '../photos/i18n/es.ts';

export default { shared, errors, cta, actions, location, nearby, menu, hours, photos } satisfies Translations;
