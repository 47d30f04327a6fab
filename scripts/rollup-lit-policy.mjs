// A rollup plugin for the script-tag bundle only: lets a second copy of the bundle load on a page that
// enforces Trusted Types with `trusted-types lit-html` (no 'allow-duplicates').
//
// Lit creates its Trusted Types policy, named "lit-html", when its module is evaluated, and a page may
// create a policy of a given name only once: a second copy of Lit throws while loading. A CMS page can
// easily load our bundle twice (the classic script pasted with two widgets, or the ES and classic
// builds side by side). So the bundle marks the page when it creates the policy, and a later copy of
// the bundle skips creating one. Such a copy is harmless without a policy: its elements are never
// registered (registration is guarded with customElements.get), so its Lit never renders.
// The policy object itself is never shared: exposing an identity policy would defeat Trusted Types.
//
// A different copy of Lit (not ours) loaded first still owns the name; for that case the page needs
// `trusted-types lit-html 'allow-duplicates'` (docs/distribution.md). We catch the error so our bundle
// at least does not throw while loading.
const PATTERN = /(\w+)\.createPolicy\("lit-html",(\{createHTML:(\w+)=>\3\})\)/;
const MARK = 'Symbol.for("merchant-elements.lit-policy")';

export function litPolicyOnce() {
  return {
    name: 'merchant-lit-policy-once',
    transform(code, id) {
      if (!/[\\/]lit-html[\\/]lit-html\.js$/.test(id)) return null;
      if (!PATTERN.test(code)) this.error('lit-html no longer creates its policy the way scripts/rollup-lit-policy.mjs expects: update the pattern.');
      const replaced = code.replace(
        PATTERN,
        (_whole, tt, options) => `(globalThis[${MARK}]?void 0:(globalThis[${MARK}]=!0,(()=>{try{return ${tt}.createPolicy("lit-html",${options})}catch{}})()))`,
      );
      return { code: replaced, map: null };
    },
  };
}
