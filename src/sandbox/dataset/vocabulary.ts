/** The fixed word lists the generator draws from. Plain data, no logic. */

export interface City {
  name: string;
  /** Short code used in location ids, e.g. `nyc`. */
  code: string;
  state: string;
  country: string;
  latitude: number;
  longitude: number;
  /** Spread of locations around the centre, in kilometres (one standard deviation). */
  spreadKm: number;
  /** The upstream's abbreviation; '' where the upstream has none (it only knows the four US zones). */
  timeZone: 'PST' | 'MST' | 'CST' | 'EST' | '';
  /** Standard UTC offset in hours, for the RFC 3339-like timestamps with a numeric offset. */
  utcOffset: number;
  currency: string;
  areaCodes: string[];
  postcodes: string[];
  streets: string[];
  neighborhoods: string[];
  /** Relative share of locations. */
  weight: number;
}

export const CITIES: readonly City[] = [
  {
    name: 'New York', code: 'nyc', state: 'NY', country: 'US', latitude: 40.7411, longitude: -73.9897, spreadKm: 4,
    timeZone: 'EST', utcOffset: -5, currency: 'USD', areaCodes: ['212', '646', '718', '917'],
    postcodes: ['10001', '10003', '10010', '10011', '10012', '10014', '10016', '10019', '10022', '10036'],
    streets: ['Broadway', '5th Ave', 'Lexington Ave', 'W 23rd St', 'Bleecker St', 'E 14th St', 'Madison Ave', 'Houston St'],
    neighborhoods: ['Chelsea', 'Flatiron', 'Greenwich Village', 'Midtown', 'SoHo', 'East Village'], weight: 4,
  },
  {
    name: 'San Francisco', code: 'sf', state: 'CA', country: 'US', latitude: 37.7749, longitude: -122.4194, spreadKm: 3,
    timeZone: 'PST', utcOffset: -8, currency: 'USD', areaCodes: ['415', '628'],
    postcodes: ['94102', '94103', '94107', '94109', '94110', '94114', '94117', '94133'],
    streets: ['Market St', 'Valencia St', 'Mission St', 'Polk St', 'Divisadero St', 'Columbus Ave', 'Irving St'],
    neighborhoods: ['Mission', 'SoMa', 'North Beach', 'Hayes Valley', 'Castro', 'Inner Sunset'], weight: 2,
  },
  {
    name: 'Chicago', code: 'chi', state: 'IL', country: 'US', latitude: 41.8781, longitude: -87.6298, spreadKm: 5,
    timeZone: 'CST', utcOffset: -6, currency: 'USD', areaCodes: ['312', '773', '872'],
    postcodes: ['60601', '60605', '60607', '60610', '60614', '60622', '60647'],
    streets: ['N Clark St', 'W Division St', 'N Milwaukee Ave', 'W Randolph St', 'N Michigan Ave', 'S State St'],
    neighborhoods: ['West Loop', 'Wicker Park', 'Lincoln Park', 'River North', 'Logan Square'], weight: 2,
  },
  {
    name: 'Austin', code: 'atx', state: 'TX', country: 'US', latitude: 30.2672, longitude: -97.7431, spreadKm: 5,
    timeZone: 'CST', utcOffset: -6, currency: 'USD', areaCodes: ['512', '737'],
    postcodes: ['78701', '78702', '78703', '78704', '78705', '78751'],
    streets: ['S Congress Ave', 'E 6th St', 'S Lamar Blvd', 'Guadalupe St', 'E Cesar Chavez St', 'Burnet Rd'],
    neighborhoods: ['Downtown', 'East Austin', 'South Congress', 'Hyde Park', 'Zilker'], weight: 1,
  },
  {
    name: 'Seattle', code: 'sea', state: 'WA', country: 'US', latitude: 47.6062, longitude: -122.3321, spreadKm: 4,
    timeZone: 'PST', utcOffset: -8, currency: 'USD', areaCodes: ['206'],
    postcodes: ['98101', '98102', '98103', '98104', '98107', '98109', '98122'],
    streets: ['Pike St', 'Broadway E', 'NW Market St', '1st Ave', 'Fremont Ave N', 'Rainier Ave S'],
    neighborhoods: ['Capitol Hill', 'Ballard', 'Fremont', 'Belltown', 'Pioneer Square'], weight: 1,
  },
  {
    name: 'Boston', code: 'bos', state: 'MA', country: 'US', latitude: 42.3601, longitude: -71.0589, spreadKm: 3,
    timeZone: 'EST', utcOffset: -5, currency: 'USD', areaCodes: ['617', '857'],
    postcodes: ['02108', '02109', '02110', '02113', '02116', '02118', '02130'],
    streets: ['Newbury St', 'Hanover St', 'Tremont St', 'Boylston St', 'Washington St', 'Centre St'],
    neighborhoods: ['Back Bay', 'North End', 'South End', 'Beacon Hill', 'Jamaica Plain'], weight: 1,
  },
  {
    name: 'Los Angeles', code: 'la', state: 'CA', country: 'US', latitude: 34.0522, longitude: -118.2437, spreadKm: 8,
    timeZone: 'PST', utcOffset: -8, currency: 'USD', areaCodes: ['213', '310', '323', '424'],
    postcodes: ['90012', '90013', '90026', '90028', '90036', '90046', '90291'],
    streets: ['Sunset Blvd', 'Melrose Ave', 'Abbot Kinney Blvd', 'W 3rd St', 'S Broadway', 'Hollywood Blvd'],
    neighborhoods: ['Silver Lake', 'Downtown', 'Venice', 'Koreatown', 'West Hollywood'], weight: 2,
  },
  {
    name: 'Denver', code: 'den', state: 'CO', country: 'US', latitude: 39.7392, longitude: -104.9903, spreadKm: 4,
    timeZone: 'MST', utcOffset: -7, currency: 'USD', areaCodes: ['303', '720'],
    postcodes: ['80202', '80203', '80205', '80206', '80211', '80218'],
    streets: ['Larimer St', 'Colfax Ave', 'Tennyson St', 'S Broadway', 'Blake St', 'E 17th Ave'],
    neighborhoods: ['LoDo', 'RiNo', 'Highlands', 'Capitol Hill', 'Baker'], weight: 1,
  },
  {
    name: 'Toronto', code: 'tor', state: 'ON', country: 'CA', latitude: 43.6532, longitude: -79.3832, spreadKm: 4,
    timeZone: 'EST', utcOffset: -5, currency: 'CAD', areaCodes: ['416', '647'],
    postcodes: ['M5V 2T6', 'M5A 1J5', 'M6J 1H4', 'M4Y 1R5', 'M5T 2L9'],
    streets: ['Queen St W', 'King St W', 'Ossington Ave', 'Dundas St W', 'Yonge St'],
    neighborhoods: ['Queen West', 'Kensington Market', 'Leslieville', 'The Annex'], weight: 1,
  },
  {
    name: 'London', code: 'ldn', state: 'EN', country: 'GB', latitude: 51.5074, longitude: -0.1278, spreadKm: 5,
    // Outside the four US zones the upstream knows, its time_zone is an empty string.
    timeZone: '', utcOffset: 0, currency: 'GBP', areaCodes: ['020'],
    postcodes: ['W1F 9SN', 'EC1V 4PW', 'SE1 9AG', 'N1 9GU', 'E1 6QR'],
    streets: ['Old Compton St', 'Exmouth Market', 'Borough High St', 'Upper St', 'Brick Ln'],
    neighborhoods: ['Soho', 'Clerkenwell', 'Southwark', 'Islington', 'Shoreditch'], weight: 1,
  },
  {
    name: 'Paris', code: 'par', state: 'IF', country: 'FR', latitude: 48.8566, longitude: 2.3522, spreadKm: 3,
    timeZone: '', utcOffset: 1, currency: 'EUR', areaCodes: ['014', '015'],
    postcodes: ['75001', '75003', '75004', '75010', '75011', '75018'],
    streets: ['Rue de Rivoli', 'Rue Oberkampf', 'Rue des Martyrs', 'Boulevard Voltaire', 'Rue de Bretagne'],
    neighborhoods: ['Le Marais', 'Oberkampf', 'Pigalle', 'Canal Saint-Martin'], weight: 1,
  },
];

/**
 * Cuisine names, in a fixed order: a location's cuisines are kept as a bit set over this list (at most 32).
 * The upstream does not publish its list; these are plausible values.
 */
export const CUISINES = [
  'American', 'Italian', 'Pizza', 'Mexican', 'Chinese', 'Japanese', 'Sushi', 'Thai', 'Indian', 'French',
  'Mediterranean', 'Greek', 'Korean', 'Vietnamese', 'Barbecue', 'Burgers', 'Seafood', 'Vegetarian', 'Vegan',
  'Breakfast', 'Brunch', 'Cafe', 'Bakery', 'Desserts', 'Middle Eastern', 'Spanish', 'Tapas', 'Steakhouse',
  'Sandwiches', 'Salads', 'Ethiopian', 'Caribbean',
] as const;

/** Business types that serve food and so carry cuisines and food menus. */
export const FOOD_TYPES = new Set(['Restaurant', 'Bakery', 'Bars & Clubs', 'Coffee Shop', 'Food & Beverage Retail']);

/** Name parts per business type: `<first> <second>`, e.g. "Bella Pizzeria". */
export const NAME_PARTS: Record<string, [string[], string[]]> = {
  Restaurant: [
    ['Bella', 'Golden', 'Little', 'Blue', 'Red', 'Old', 'Lucky', 'Green', 'Harbor', 'Corner', 'Saffron', 'Olive'],
    ['Pizzeria', 'Trattoria', 'Kitchen', 'Bistro', 'Grill', 'Noodle House', 'Taqueria', 'Diner', 'Brasserie', 'Cantina', 'Sushi Bar', 'Table'],
  ],
  Bakery: [['Sunrise', 'Flour', 'Rye', 'Butter', 'Crumb'], ['Bakery', 'Bakehouse', 'Patisserie', 'Boulangerie']],
  'Bars & Clubs': [['Copper', 'Velvet', 'Dead Rabbit', 'Night', 'Anchor'], ['Tavern', 'Lounge', 'Pub', 'Taproom', 'Club']],
  'Coffee Shop': [['Blue Bottle', 'Daily', 'Grind', 'Steam', 'Morning'], ['Coffee', 'Espresso Bar', 'Roasters', 'Cafe']],
  'Food & Beverage Retail': [['Fresh', 'Corner', 'Urban', 'Village'], ['Market', 'Grocer', 'Deli', 'Wine Shop']],
};

/** Name parts for every other business type. */
export const GENERIC_NAME_PARTS: [string[], string[]] = [
  ['Summit', 'Evergreen', 'Main Street', 'Bright', 'Union', 'Pioneer', 'Northside', 'Lakeview', 'Riverside'],
  ['Studio', 'Center', 'Group', 'Partners', 'Co.', 'Shop', 'Services', 'Collective'],
];

export const PAYMENT_TYPES = [
  'All Major Credit Cards', 'Cash Only', 'Visa', 'Diner Club', 'Mastercard', 'American Express', 'Discover', 'Check',
] as const;

export const MEALS = ['Breakfast', 'Brunch', 'Lunch', 'Dinner', 'Late Night'] as const;
export const ALCOHOL = ['None', 'Full Bar', 'Beer/Wine', 'BYOB'] as const;

export const HOLIDAY_LINES = [
  'Closed on Thanksgiving Day',
  'Closed on Christmas Day',
  "Open 10:00am-4:00pm on New Year's Eve",
  'Closed on July 4th',
  'Holiday hours may vary; call ahead',
] as const;

