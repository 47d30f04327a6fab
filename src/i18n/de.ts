// Every element's de strings, one module loaded on demand (see src/elements/shared/i18n.ts).
import type { Translations } from './types.ts';
import shared from './de/shared.ts';
import errors from './de/errors.ts';
import cta from './de/cta.ts';
import actions from './de/actions.ts';
import location from './de/location.ts';
import nearby from './de/nearby.ts';
import menu from './de/menu.ts';
import hours from './de/hours.ts';
import photos from './de/photos.ts';

export default { shared, errors, cta, actions, location, nearby, menu, hours, photos } satisfies Translations;
