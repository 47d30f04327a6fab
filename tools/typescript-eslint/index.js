// typescript-eslint, resolved from this folder so that its `require('typescript')` finds the TypeScript 5.9 installed
// here and not the project's TypeScript 7 (which has no JavaScript API yet). eslint.config.js imports it from here.
export { default } from 'typescript-eslint';
