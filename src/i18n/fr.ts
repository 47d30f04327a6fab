// Every element's fr strings, one module loaded on demand (see src/elements/shared/i18n.ts).
import type { Translations } from './types.ts';
import shared from './fr/shared.ts';
import errors from './fr/errors.ts';
import cta from './fr/cta.ts';
import actions from './fr/actions.ts';
import location from './fr/location.ts';
import nearby from './fr/nearby.ts';
import menu from './fr/menu.ts';
import hours from './fr/hours.ts';
import photos from './fr/photos.ts';

export default { shared, errors, cta, actions, location, nearby, menu, hours, photos } satisfies Translations;
