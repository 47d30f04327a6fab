// typescript-eslint, resolved from this folder so that its `require('typescript')` finds the TypeScript 5.9 installed
// here and not the project's TypeScript 7 (which has no JavaScript API yet). eslint.config.js imports it as
// `merchant-elements-typescript-eslint` (this workspace's name).
export { default } from 'typescript-eslint';
