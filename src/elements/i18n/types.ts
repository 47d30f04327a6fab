// The shape of a language module: each namespace's table, typed by its English original (which imports nothing
// that loads a language, so no import circle goes through here). The shared namespaces are declared here; each
// element adds its own from its folder (its strings.ts augments this interface), so this file names no element and a
// new element's strings need no line here. A language module that misses an element's table fails tsc.
import type { SharedStrings } from '../shared/strings.ts';
import type { ErrorStrings } from '../shared/error-strings.ts';
import type { CtaStrings } from '../shared/cta-strings.ts';

export interface Translations {
  shared: SharedStrings;
  errors: ErrorStrings;
  cta: CtaStrings;
}
