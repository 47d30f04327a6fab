// Every element's es strings, one module loaded on demand (see src/elements/shared/i18n.ts).
import type { Translations } from './types.ts';
import shared from './es/shared.ts';
import errors from './es/errors.ts';
import cta from './es/cta.ts';
import actions from './es/actions.ts';
import location from './es/location.ts';
import nearby from './es/nearby.ts';
import menu from './es/menu.ts';
import hours from './es/hours.ts';
import photos from './es/photos.ts';

export default { shared, errors, cta, actions, location, nearby, menu, hours, photos } satisfies Translations;
