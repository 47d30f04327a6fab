/**
 * The contract's enumerations, as lists (the types are derived from them). Their own module so the schemas
 * (./schemas.ts) and the contract's entry (./index.ts, which re-exports them) can both use them without an import
 * circle.
 */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const DIETARY_FLAGS = [
  'dairy',
  'dairy-free',
  'egg',
  'egg-free',
  'fish',
  'fish-free',
  'gluten-free',
  'halal',
  'kosher',
  'organic',
  'peanut',
  'peanut-free',
  'shellfish',
  'shellfish-free',
  'soy',
  'soy-free',
  'spicy',
  'tree-nut',
  'tree-nut-free',
  'vegan',
  'vegetarian',
  'wheat',
] as const;
export type DietaryFlag = (typeof DIETARY_FLAGS)[number];

export const PHOTO_TYPES = ['interior', 'exterior', 'item', 'logo', 'unclassified'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export const ACTION_TYPES = [
  'foodordering',
  'deal',
  'coupon',
  'giftcard',
  'discountgiftcard',
  'discountcertificate',
  'foodreservation',
  'booking',
  'joinmailinglist',
  'other',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const PAGE_PARTS = ['location', 'menus', 'photos', 'actions'] as const;
export type PagePart = (typeof PAGE_PARTS)[number];
