<?php
/**
 * The normalizers: a port of src/gateway/normalize/{hours,location,menus,photos,actions}.ts. Each takes decoded
 * upstream JSON (objects as stdClass) and returns `array( 'ok' => true, 'value' => ... )` or
 * `array( 'ok' => false, 'path' => ..., 'message' => ... )`. Values are PHP arrays whose json_encode() is the
 * Node gateway's JSON.
 *
 * @package Merchant_Elements
 */

defined( 'ABSPATH' ) || defined( 'MERCHANT_ELEMENTS_CORE' ) || exit;

/**
 * A success.
 *
 * @param mixed $value The value.
 * @return array
 */
function merchant_elements_ok( $value ) {
	return array(
		'ok'    => true,
		'value' => $value,
	);
}

/**
 * A failure naming where in the upstream document.
 *
 * @param string $path    Where.
 * @param string $message What.
 * @return array
 */
function merchant_elements_fail( $path, $message ) {
	return array(
		'ok'      => false,
		'path'    => $path,
		'message' => $message,
	);
}

// ---------------------------------------------------------------------------------------------
// Hours.

/**
 * One opening period, or null (closed or unreadable).
 *
 * @param mixed $raw A period.
 * @return array|null
 */
function merchant_elements_period( $raw ) {
	if ( ! is_object( $raw ) ) {
		return null;
	}
	$first = function ( array $keys ) use ( $raw ) {
		foreach ( $keys as $key ) {
			$value = merchant_elements_js_get( $raw, $key );
			if ( null !== $value ) {
				return $value;
			}
		}
		return null;
	};
	$open  = merchant_elements_clock( $first( array( 'opening', 'start', 'open' ) ), false );
	$close = merchant_elements_clock( $first( array( 'closing', 'end', 'close' ) ), true );
	if ( null === $open || null === $close ) {
		return null;
	}
	return array(
		'open'        => $open,
		'close'       => $close,
		'description' => merchant_elements_long_text( merchant_elements_js_get( $raw, 'description' ) ),
	);
}

/**
 * Opening hours from the Publisher form or the feed's; null when there are none.
 *
 * @param mixed $raw Hours.
 * @return array|null
 */
function merchant_elements_normalize_hours( $raw ) {
	if ( ! is_object( $raw ) ) {
		return null;
	}
	$day_names = array(
		'monday'    => 'mon',
		'tuesday'   => 'tue',
		'wednesday' => 'wed',
		'thursday'  => 'thu',
		'friday'    => 'fri',
		'saturday'  => 'sat',
		'sunday'    => 'sun',
		'mon'       => 'mon',
		'tue'       => 'tue',
		'wed'       => 'wed',
		'thu'       => 'thu',
		'fri'       => 'fri',
		'sat'       => 'sat',
		'sun'       => 'sun',
		'tues'      => 'tue',
		'weds'      => 'wed',
		'thur'      => 'thu',
		'thurs'     => 'thu',
	);
	$days = array();
	foreach ( merchant_elements_contract()['weekdays'] as $weekday ) {
		$days[ $weekday ] = array();
	}
	$known = false;
	foreach ( get_object_vars( $raw ) as $key => $value ) {
		$name = merchant_elements_js_lower( merchant_elements_js_trim( (string) $key ) );
		$day  = isset( $day_names[ $name ] ) ? $day_names[ $name ] : null;
		if ( null === $day ) {
			continue;
		}
		$known = true;
		foreach ( is_array( $value ) ? $value : array( $value ) as $p ) {
			$normalized = merchant_elements_period( $p );
			if ( null !== $normalized ) {
				$days[ $day ][] = $normalized;
			}
		}
	}
	foreach ( $days as $day => $periods ) {
		$days[ $day ] = merchant_elements_js_sort(
			$periods,
			function ( $a, $b ) {
				return strcmp( $a['open'], $b['open'] );
			}
		);
	}
	$holiday = merchant_elements_js_get( $raw, 'holiday_schedule' );
	if ( null === $holiday ) {
		$holiday = merchant_elements_js_get( $raw, 'holidaySchedule' );
	}
	$lines = array();
	if ( is_string( $holiday ) ) {
		foreach ( preg_split( '/\r?\n/', $holiday ) as $line ) {
			$line = merchant_elements_js_trim( $line );
			if ( '' !== $line ) {
				$lines[] = $line;
			}
		}
	} elseif ( is_array( $holiday ) ) {
		foreach ( $holiday as $line ) {
			$line = merchant_elements_long_text( $line );
			if ( null !== $line ) {
				$lines[] = $line;
			}
		}
	}
	if ( ! $known && ! $lines ) {
		return null;
	}
	return array(
		'days'            => $days,
		'holidaySchedule' => $lines,
	);
}

// ---------------------------------------------------------------------------------------------
// Locations.

/**
 * Coordinates within range, or null.
 *
 * @param mixed $lat Latitude.
 * @param mixed $lng Longitude.
 * @return array|null
 */
function merchant_elements_coordinates( $lat, $lng ) {
	$latitude  = merchant_elements_number( $lat );
	$longitude = merchant_elements_number( $lng );
	if ( null === $latitude || null === $longitude ) {
		return null;
	}
	if ( abs( $latitude ) > 90 || abs( $longitude ) > 180 ) {
		return null;
	}
	return array(
		'latitude'  => $latitude,
		'longitude' => $longitude,
	);
}

/**
 * The first of several properties that is not null (`a ?? b ?? c`).
 *
 * @param mixed    $object An object.
 * @param string[] $keys   Property names.
 * @return mixed
 */
function merchant_elements_first( $object, array $keys ) {
	foreach ( $keys as $key ) {
		$value = merchant_elements_js_get( $object, $key );
		if ( null !== $value ) {
			return $value;
		}
	}
	return null;
}

/**
 * An address block.
 *
 * @param mixed $block An object.
 * @return array
 */
function merchant_elements_address( $block ) {
	return array(
		'line1'        => merchant_elements_text( merchant_elements_js_get( $block, 'address1' ) ),
		'line2'        => merchant_elements_text( merchant_elements_js_get( $block, 'address2' ) ),
		'city'         => merchant_elements_text( merchant_elements_js_get( $block, 'city' ) ),
		'region'       => merchant_elements_text( merchant_elements_first( $block, array( 'state', 'region' ) ) ),
		'postalCode'   => merchant_elements_text( merchant_elements_first( $block, array( 'postal_code', 'postcode', 'zipCode' ) ) ),
		'country'      => merchant_elements_text( merchant_elements_js_get( $block, 'country' ) ),
		'crossStreet'  => merchant_elements_text( merchant_elements_js_get( $block, 'cross_street' ) ),
		'neighborhood' => merchant_elements_text( merchant_elements_js_get( $block, 'neighborhood' ) ),
		'directions'   => merchant_elements_long_text( merchant_elements_js_get( $block, 'directions' ) ),
	);
}

/**
 * A location's attributes.
 *
 * @param mixed $a The attributes object.
 * @return array
 */
function merchant_elements_location_attributes( $a ) {
	$rating  = merchant_elements_number( merchant_elements_js_get( $a, 'price_rating' ) );
	$average = merchant_elements_js_get( $a, 'average_price' );
	return array(
		'takeOut'          => merchant_elements_bool( merchant_elements_js_get( $a, 'take_out' ) ),
		'dineIn'           => merchant_elements_bool( merchant_elements_js_get( $a, 'dine_in' ) ),
		'delivery'         => merchant_elements_bool( merchant_elements_js_get( $a, 'delivery' ) ),
		'driveThru'        => merchant_elements_bool( merchant_elements_js_get( $a, 'drive_thru' ) ),
		'reservations'     => merchant_elements_bool( merchant_elements_js_get( $a, 'reservations' ) ),
		'catering'         => merchant_elements_bool( merchant_elements_js_get( $a, 'catering' ) ),
		'wheelchairAccess' => merchant_elements_bool( merchant_elements_js_get( $a, 'wheelchair_access' ) ),
		'alcohol'          => merchant_elements_text( merchant_elements_js_get( $a, 'alcohol' ) ),
		'averagePrice'     => is_bool( $average ) ? null : merchant_elements_text( $average ),
		'priceRating'      => ( null !== $rating && floor( $rating ) == $rating && $rating >= 1 && $rating <= 5 ) ? $rating : null, // phpcs:ignore Universal.Operators.StrictComparisons
		'mealsServed'      => merchant_elements_string_list( merchant_elements_js_get( $a, 'meals_served' ) ),
		'paymentTypes'     => merchant_elements_string_list( merchant_elements_js_get( $a, 'payment_types_accepted' ) ),
	);
}

/**
 * The Publisher API's location record.
 *
 * @param mixed $raw          The record.
 * @param array $secure_hosts Host patterns as keys.
 * @return array Normalized.
 */
function merchant_elements_normalize_location( $raw, array $secure_hosts ) {
	if ( ! is_object( $raw ) ) {
		return merchant_elements_fail( 'location', 'the location record is not an object' );
	}
	$location_id = merchant_elements_id( merchant_elements_first( $raw, array( 'location_id', 'id' ) ) );
	if ( null === $location_id ) {
		return merchant_elements_fail( 'location.location_id', 'the location has no id' );
	}
	$block    = merchant_elements_js_get( $raw, 'location' );
	$attrs    = merchant_elements_js_get( $raw, 'attributes' );
	$position = merchant_elements_coordinates( merchant_elements_js_get( $block, 'latitude' ), merchant_elements_js_get( $block, 'longitude' ) );
	$name     = merchant_elements_text( merchant_elements_js_get( $raw, 'name' ) );
	$location = array(
		'id'            => $location_id,
		'numericId'     => merchant_elements_id( merchant_elements_js_get( $raw, 'location_nid' ) ),
		'name'          => null === $name ? '' : $name,
		'phone'         => merchant_elements_text( merchant_elements_js_get( $raw, 'phone' ) ),
		'address'       => merchant_elements_address( $block ),
		'coordinates'   => $position,
		'businessType'  => merchant_elements_text( merchant_elements_js_get( $raw, 'business_type' ) ),
		'cuisines'      => merchant_elements_string_list( merchant_elements_js_get( $attrs, 'cuisine' ) ),
		'ownerVerified' => true === merchant_elements_bool( merchant_elements_js_get( $raw, 'is_owner_verified' ) ),
		'createdAt'     => merchant_elements_datetime( merchant_elements_js_get( $raw, 'created' ) ),
		'updatedAt'     => merchant_elements_datetime( merchant_elements_js_get( $raw, 'updated' ) ),
		'description'   => merchant_elements_long_text( merchant_elements_js_get( $raw, 'description' ) ),
		'email'         => merchant_elements_text( merchant_elements_js_get( $raw, 'email' ) ),
		'website'       => merchant_elements_secure_url( merchant_elements_js_get( $raw, 'website' ), $secure_hosts ),
	);
	$location += merchant_elements_location_time_zone( merchant_elements_js_get( $raw, 'time_zone' ), $position );
	$location += array(
		'hours'       => merchant_elements_normalize_hours( merchant_elements_js_get( $raw, 'hours' ) ),
		'attributes'  => merchant_elements_location_attributes( $attrs ),
		'hasMenus'    => merchant_elements_bool( merchant_elements_js_get( $raw, 'has_menus' ) ),
		'hasPhotos'   => merchant_elements_bool( merchant_elements_first( $raw, array( 'sp_photos', 'has_photos', 'hasPhotos' ) ) ),
		'publishedAt' => merchant_elements_datetime( merchant_elements_js_get( $raw, 'published_at' ) ),
	);
	return merchant_elements_ok( $location );
}

/**
 * The Actions API's embedded location.
 *
 * @param mixed $raw The location.
 * @return array Normalized.
 */
function merchant_elements_normalize_location_summary( $raw ) {
	if ( ! is_object( $raw ) ) {
		return merchant_elements_fail( 'location', 'the location is not an object' );
	}
	$location_id = merchant_elements_id( merchant_elements_first( $raw, array( 'id', 'location_id' ) ) );
	if ( null === $location_id ) {
		return merchant_elements_fail( 'location.id', 'the location has no id' );
	}
	$name = merchant_elements_text( merchant_elements_js_get( $raw, 'name' ) );
	return merchant_elements_ok(
		array(
			'id'            => $location_id,
			'name'          => null === $name ? '' : $name,
			'phone'         => merchant_elements_text( merchant_elements_first( $raw, array( 'phone_number', 'phone' ) ) ),
			'address'       => merchant_elements_address( $raw ),
			'coordinates'   => merchant_elements_coordinates( merchant_elements_js_get( $raw, 'latitude' ), merchant_elements_js_get( $raw, 'longitude' ) ),
			'businessType'  => merchant_elements_text( merchant_elements_js_get( $raw, 'business_type' ) ),
			'cuisines'      => merchant_elements_string_list( merchant_elements_js_get( $raw, 'cuisine_types' ) ),
			'ownerVerified' => true === merchant_elements_bool( merchant_elements_js_get( $raw, 'owner_verified' ) ),
			'createdAt'     => merchant_elements_datetime( merchant_elements_js_get( $raw, 'created' ) ),
			'updatedAt'     => merchant_elements_datetime( merchant_elements_js_get( $raw, 'updated' ) ),
		)
	);
}

// ---------------------------------------------------------------------------------------------
// Menus.

/**
 * `{min, max}` of numbers, or a single number; null when neither side is one.
 *
 * @param mixed $raw Range.
 * @return array|null
 */
function merchant_elements_range( $raw ) {
	if ( ! is_object( $raw ) ) {
		$single = merchant_elements_number( $raw );
		return null === $single ? null : array(
			'min' => $single,
			'max' => $single,
		);
	}
	$min = merchant_elements_number( merchant_elements_js_get( $raw, 'min' ) );
	$max = merchant_elements_number( merchant_elements_js_get( $raw, 'max' ) );
	if ( null === $min && null === $max ) {
		return null;
	}
	$lo = null === $min ? $max : $min;
	$hi = null === $max ? $lo : $max;
	return $lo <= $hi ? array(
		'min' => $lo,
		'max' => $hi,
	) : array(
		'min' => $hi,
		'max' => $lo,
	);
}

/**
 * Sorted by `order`, stably.
 *
 * @param array $list Entries with `order`.
 * @return array
 */
function merchant_elements_by_order( array $list ) {
	return merchant_elements_js_sort(
		$list,
		function ( $a, $b ) {
			return $a['order'] <=> $b['order'];
		}
	);
}

/**
 * A menu item's photo (text or object), or null.
 *
 * @param mixed $raw          Photo.
 * @param array $secure_hosts Host patterns as keys.
 * @return array|null
 */
function merchant_elements_item_photo( $raw, array $secure_hosts ) {
	if ( is_string( $raw ) ) {
		$href = merchant_elements_secure_url( $raw, $secure_hosts );
		return null === $href ? null : array(
			'id'    => null,
			'title' => null,
			'url'   => $href,
		);
	}
	$href = merchant_elements_secure_url( merchant_elements_js_get( $raw, 'url' ), $secure_hosts );
	return null === $href ? null : array(
		'id'    => merchant_elements_id( merchant_elements_first( $raw, array( 'photo_id', 'id' ) ) ),
		'title' => merchant_elements_text( merchant_elements_js_get( $raw, 'title' ) ),
		'url'   => $href,
	);
}

/**
 * A menu item, or null without an id.
 *
 * @param mixed $raw          Item.
 * @param int   $index        Position.
 * @param array $secure_hosts Host patterns as keys.
 * @return array|null
 */
function merchant_elements_menu_item( $raw, $index, array $secure_hosts ) {
	if ( ! is_object( $raw ) ) {
		return null;
	}
	$item_id = merchant_elements_id( merchant_elements_js_get( $raw, 'id' ) );
	if ( null === $item_id ) {
		return null;
	}
	$photos = array();
	foreach ( merchant_elements_as_array( merchant_elements_js_get( $raw, 'photos' ) ) as $p ) {
		$photo = merchant_elements_item_photo( $p, $secure_hosts );
		if ( null !== $photo ) {
			$photos[] = $photo;
		}
	}
	$choices = array();
	foreach ( merchant_elements_as_array( merchant_elements_js_get( $raw, 'choices' ) ) as $i => $c ) {
		$choices[] = array(
			'name'     => merchant_elements_text( merchant_elements_js_get( $c, 'name' ) ),
			'unit'     => merchant_elements_text( merchant_elements_js_get( $c, 'unit' ) ),
			'order'    => merchant_elements_order( merchant_elements_js_get( $c, 'order_num' ), $i ),
			'price'    => merchant_elements_range( merchant_elements_js_get( $c, 'prices' ) ),
			'calories' => merchant_elements_range( merchant_elements_js_get( $c, 'calories' ) ),
		);
	}
	$additions = array();
	foreach ( merchant_elements_as_array( merchant_elements_js_get( $raw, 'additions' ) ) as $i => $a ) {
		$additions[] = array(
			'name'  => merchant_elements_text( merchant_elements_js_get( $a, 'name' ) ),
			'unit'  => merchant_elements_text( merchant_elements_js_get( $a, 'unit' ) ),
			'order' => merchant_elements_order( merchant_elements_js_get( $a, 'order_num' ), $i ),
			'price' => merchant_elements_range( merchant_elements_js_get( $a, 'prices' ) ),
		);
	}
	$flags   = merchant_elements_js_get( $raw, 'attributes' );
	$dietary = array();
	foreach ( merchant_elements_contract()['dietaryFlags'] as $flag ) {
		if ( true === merchant_elements_bool( merchant_elements_js_get( $flags, $flag ) ) ) {
			$dietary[] = $flag;
		}
	}
	$name = merchant_elements_text( merchant_elements_js_get( $raw, 'name' ) );
	return array(
		'id'          => $item_id,
		'name'        => null === $name ? '' : $name,
		'description' => merchant_elements_long_text( merchant_elements_js_get( $raw, 'description' ) ),
		'order'       => merchant_elements_order( merchant_elements_js_get( $raw, 'order_num' ), $index ),
		'photos'      => $photos,
		'choices'     => merchant_elements_by_order( $choices ),
		'additions'   => merchant_elements_by_order( $additions ),
		'dietary'     => $dietary,
	);
}

/**
 * A list as a list; anything else empty (asArray).
 *
 * @param mixed $value Any JSON value.
 * @return array
 */
function merchant_elements_as_array( $value ) {
	return is_array( $value ) ? $value : array();
}

/**
 * One menu.
 *
 * @param mixed $raw          Menu.
 * @param int   $index        Position.
 * @param array $secure_hosts Host patterns as keys.
 * @return array Normalized.
 */
function merchant_elements_normalize_menu( $raw, $index, array $secure_hosts ) {
	if ( ! is_object( $raw ) ) {
		return merchant_elements_fail( 'menus[' . $index . ']', 'the menu is not an object' );
	}
	$menu_id = merchant_elements_id( merchant_elements_js_get( $raw, 'id' ) );
	if ( null === $menu_id ) {
		return merchant_elements_fail( 'menus[' . $index . '].id', 'the menu has no id' );
	}
	$image = merchant_elements_url( merchant_elements_js_get( $raw, 'secure_attribution_image' ) );
	if ( null === $image ) {
		$image = merchant_elements_secure_url( merchant_elements_js_get( $raw, 'attribution_image' ), $secure_hosts );
	}
	if ( null === $image ) {
		return merchant_elements_fail( 'menus[' . $index . '].attribution_image', 'the menu has no attribution image' );
	}
	$link = merchant_elements_url( merchant_elements_js_get( $raw, 'secure_attribution_image_link' ) );
	if ( null === $link ) {
		$link = merchant_elements_secure_url( merchant_elements_js_get( $raw, 'attribution_image_link' ), $secure_hosts );
	}
	$sections = array();
	foreach ( merchant_elements_as_array( merchant_elements_js_get( $raw, 'sections' ) ) as $i => $s ) {
		if ( ! is_object( $s ) ) {
			continue;
		}
		$items = array();
		foreach ( merchant_elements_as_array( merchant_elements_js_get( $s, 'items' ) ) as $j => $it ) {
			$item = merchant_elements_menu_item( $it, $j, $secure_hosts );
			if ( null !== $item ) {
				$items[] = $item;
			}
		}
		$section_id   = merchant_elements_id( merchant_elements_js_get( $s, 'id' ) );
		$section_name = merchant_elements_text( merchant_elements_js_get( $s, 'name' ) );
		$sections[]   = array(
			'id'          => null === $section_id ? (string) $i : $section_id,
			'name'        => null === $section_name ? '' : $section_name,
			'description' => merchant_elements_long_text( merchant_elements_js_get( $s, 'description' ) ),
			'order'       => merchant_elements_order( merchant_elements_js_get( $s, 'order_num' ), $i ),
			'items'       => merchant_elements_by_order( $items ),
		);
	}
	$name     = merchant_elements_text( merchant_elements_js_get( $raw, 'name' ) );
	$type     = merchant_elements_text( merchant_elements_js_get( $raw, 'menu_type' ) );
	$currency = merchant_elements_text( merchant_elements_js_get( $raw, 'currency' ) );
	return merchant_elements_ok(
		array(
			'id'          => $menu_id,
			'locationId'  => (string) merchant_elements_id( merchant_elements_js_get( $raw, 'location_id' ) ),
			'name'        => null === $name ? '' : $name,
			'description' => merchant_elements_long_text( merchant_elements_js_get( $raw, 'description' ) ),
			'type'        => ( null !== $type && 'listing' === merchant_elements_js_lower( $type ) ) ? 'listing' : 'menu',
			'footnote'    => merchant_elements_long_text( merchant_elements_js_get( $raw, 'footnote' ) ),
			'order'       => merchant_elements_order( merchant_elements_js_get( $raw, 'order_num' ), $index ),
			'currency'    => null === $currency ? 'USD' : merchant_elements_js_upper( $currency ),
			'createdAt'   => merchant_elements_datetime( merchant_elements_js_get( $raw, 'created' ) ),
			'updatedAt'   => merchant_elements_datetime( merchant_elements_js_get( $raw, 'updated' ) ),
			'attribution' => array(
				'image' => $image,
				'link'  => $link,
			),
			'sections'    => merchant_elements_by_order( $sections ),
		)
	);
}

/**
 * A list of menus; a malformed menu is dropped.
 *
 * @param mixed $raw          Menus.
 * @param array $secure_hosts Host patterns as keys.
 * @return array Normalized.
 */
function merchant_elements_normalize_menus( $raw, array $secure_hosts ) {
	if ( ! is_array( $raw ) ) {
		return merchant_elements_fail( 'menus', 'the menus are not a list' );
	}
	$menus = array();
	foreach ( $raw as $i => $m ) {
		$result = merchant_elements_normalize_menu( $m, $i, $secure_hosts );
		if ( $result['ok'] ) {
			$menus[] = $result['value'];
		}
	}
	return merchant_elements_ok( merchant_elements_by_order( $menus ) );
}

// ---------------------------------------------------------------------------------------------
// Photos.

/**
 * A photo type: PHOTO_TYPES, `Product(s)` as item, anything else unclassified.
 *
 * @param mixed $value Type.
 * @return string
 */
function merchant_elements_photo_type( $value ) {
	$t = merchant_elements_text( $value );
	$t = null === $t ? '' : merchant_elements_js_lower( $t );
	if ( 'product' === $t || 'products' === $t ) {
		return 'item';
	}
	return in_array( $t, merchant_elements_contract()['photoTypes'], true ) ? $t : 'unclassified';
}

/**
 * A positive number, rounded; null otherwise.
 *
 * @param mixed $value Any JSON value.
 * @return float|null
 */
function merchant_elements_positive( $value ) {
	$n = merchant_elements_number( $value );
	return ( null !== $n && $n > 0 ) ? merchant_elements_js_round( $n ) : null;
}

/**
 * One photo.
 *
 * @param mixed $raw          Photo.
 * @param int   $index        Position.
 * @param array $secure_hosts Host patterns as keys.
 * @return array Normalized.
 */
function merchant_elements_normalize_photo( $raw, $index, array $secure_hosts ) {
	if ( ! is_object( $raw ) ) {
		return merchant_elements_fail( 'photos[' . $index . ']', 'the photo is not an object' );
	}
	$photo_id = merchant_elements_id( merchant_elements_first( $raw, array( 'photo_id', 'id' ) ) );
	if ( null === $photo_id ) {
		return merchant_elements_fail( 'photos[' . $index . '].photo_id', 'the photo has no id' );
	}
	$href = merchant_elements_secure_url( merchant_elements_js_get( $raw, 'url' ), $secure_hosts );
	if ( null === $href ) {
		return merchant_elements_fail( 'photos[' . $index . '].url', 'the photo has no http(s) URL' );
	}
	$source = merchant_elements_text( merchant_elements_js_get( $raw, 'source' ) );
	$source = null === $source ? null : merchant_elements_js_lower( $source );
	$items  = array();
	foreach ( merchant_elements_as_array( merchant_elements_js_get( $raw, 'items' ) ) as $item ) {
		$item = merchant_elements_id( $item );
		if ( null !== $item ) {
			$items[] = $item;
		}
	}
	return merchant_elements_ok(
		array(
			'id'         => $photo_id,
			'locationId' => (string) merchant_elements_id( merchant_elements_js_get( $raw, 'location_id' ) ),
			'title'      => merchant_elements_text( merchant_elements_js_get( $raw, 'title' ) ),
			'type'       => merchant_elements_photo_type( merchant_elements_js_get( $raw, 'type' ) ),
			'url'        => $href,
			'width'      => merchant_elements_positive( merchant_elements_first( $raw, array( 'width', 'original_width' ) ) ),
			'height'     => merchant_elements_positive( merchant_elements_first( $raw, array( 'height', 'original_height' ) ) ),
			'variants'   => array(),
			'source'     => ( 'platform' === $source || 'mobile' === $source ) ? $source : null,
			'main'       => true === merchant_elements_bool( merchant_elements_js_get( $raw, 'main_image' ) ),
			'itemIds'    => $items,
		)
	);
}

/**
 * A list of photos, the main image first.
 *
 * @param mixed $raw          Photos.
 * @param array $secure_hosts Host patterns as keys.
 * @return array Normalized.
 */
function merchant_elements_normalize_photos( $raw, array $secure_hosts ) {
	if ( ! is_array( $raw ) ) {
		return merchant_elements_fail( 'photos', 'the photos are not a list' );
	}
	$photos = array();
	foreach ( $raw as $i => $p ) {
		$result = merchant_elements_normalize_photo( $p, $i, $secure_hosts );
		if ( $result['ok'] ) {
			$photos[] = $result['value'];
		}
	}
	return merchant_elements_ok(
		merchant_elements_js_sort(
			$photos,
			function ( $a, $b ) {
				return (int) $b['main'] - (int) $a['main'];
			}
		)
	);
}

// ---------------------------------------------------------------------------------------------
// Actions.

/**
 * An action's attributes, or null.
 *
 * @param mixed $raw          Attributes.
 * @param array $secure_hosts Host patterns as keys.
 * @return array|null
 */
function merchant_elements_action_attributes( $raw, array $secure_hosts ) {
	if ( ! is_object( $raw ) ) {
		return null;
	}
	$pct = merchant_elements_number( merchant_elements_js_get( $raw, 'discount_percentage' ) );
	return array(
		'category'           => merchant_elements_text( merchant_elements_js_get( $raw, 'category' ) ),
		'description'        => merchant_elements_long_text( merchant_elements_js_get( $raw, 'description' ) ),
		'discount'           => merchant_elements_number( merchant_elements_js_get( $raw, 'discount' ) ),
		'discountPercentage' => ( null !== $pct && $pct >= 0 && $pct <= 1 ) ? $pct : null,
		'expiration'         => merchant_elements_datetime( merchant_elements_js_get( $raw, 'expiration' ) ),
		'imageUrl'           => merchant_elements_secure_url( merchant_elements_js_get( $raw, 'image_url' ), $secure_hosts ),
		'title'              => merchant_elements_text( merchant_elements_js_get( $raw, 'title' ) ),
	);
}

/**
 * One action.
 *
 * @param mixed  $raw          Action.
 * @param array  $secure_hosts Host patterns as keys.
 * @param string $path         Where, for failures.
 * @return array Normalized.
 */
function merchant_elements_normalize_action( $raw, array $secure_hosts, $path = 'action' ) {
	if ( ! is_object( $raw ) ) {
		return merchant_elements_fail( $path, 'the action is not an object' );
	}
	$action_id = merchant_elements_id( merchant_elements_js_get( $raw, 'id' ) );
	if ( null === $action_id ) {
		return merchant_elements_fail( $path . '.id', 'the action has no id' );
	}
	$href = merchant_elements_url( merchant_elements_js_get( $raw, 'url' ) );
	if ( null === $href ) {
		return merchant_elements_fail( $path . '.url', 'the action has no http(s) URL' );
	}
	$type = merchant_elements_text( merchant_elements_js_get( $raw, 'type' ) );
	$type = null === $type ? null : merchant_elements_parse_action_type( $type );
	return merchant_elements_ok(
		array(
			'id'         => $action_id,
			'locationId' => (string) merchant_elements_id( merchant_elements_js_get( $raw, 'location_id' ) ),
			'type'       => null === $type ? 'other' : $type,
			'url'        => $href,
			'jsSource'   => merchant_elements_url( merchant_elements_js_get( $raw, 'js_source' ) ),
			'cta'        => merchant_elements_text( merchant_elements_js_get( $raw, 'suggested_cta' ) ),
			'ctaAsset'   => merchant_elements_secure_url( merchant_elements_js_get( $raw, 'suggested_cta_asset' ), $secure_hosts ),
			'attributes' => merchant_elements_action_attributes( merchant_elements_js_get( $raw, 'attributes' ), $secure_hosts ),
		)
	);
}

/**
 * The location-actions response: `{actions}`, `{action}` (top), or a nearby-shaped list.
 *
 * @param mixed $raw          Body.
 * @param array $secure_hosts Host patterns as keys.
 * @return array Normalized.
 */
function merchant_elements_normalize_action_list( $raw, array $secure_hosts ) {
	$valid = function ( array $results ) {
		$actions = array();
		foreach ( $results as $result ) {
			if ( $result['ok'] ) {
				$actions[] = $result['value'];
			}
		}
		return merchant_elements_ok( $actions );
	};
	if ( is_array( $raw ) ) {
		$results = array();
		foreach ( $raw as $i => $entry ) {
			$results[] = merchant_elements_normalize_action( is_object( $entry ) ? merchant_elements_js_get( $entry, 'action' ) : null, $secure_hosts, '[' . $i . '].action' );
		}
		return $valid( $results );
	}
	if ( ! is_object( $raw ) ) {
		return merchant_elements_fail( 'actions', 'the actions response is not an object' );
	}
	$list = merchant_elements_js_get( $raw, 'actions' );
	if ( is_array( $list ) ) {
		$results = array();
		foreach ( $list as $i => $a ) {
			$results[] = merchant_elements_normalize_action( $a, $secure_hosts, 'actions[' . $i . ']' );
		}
		return $valid( $results );
	}
	if ( property_exists( $raw, 'action' ) ) {
		if ( null === $raw->action ) {
			return merchant_elements_ok( array() );
		}
		$single = merchant_elements_normalize_action( $raw->action, $secure_hosts );
		return $single['ok'] ? merchant_elements_ok( array( $single['value'] ) ) : $single;
	}
	return merchant_elements_fail( 'actions', 'the response has neither actions nor action' );
}

/**
 * A location's actions response, with whose actions they are.
 *
 * @param mixed  $raw          Body.
 * @param string $location_id  The location asked about.
 * @param bool   $asked_nearby Whether nearby=true was asked.
 * @param array  $secure_hosts Host patterns as keys.
 * @return array Normalized.
 */
function merchant_elements_normalize_actions( $raw, $location_id, $asked_nearby, array $secure_hosts ) {
	$list = merchant_elements_normalize_action_list( $raw, $secure_hosts );
	if ( ! $list['ok'] ) {
		return $list;
	}
	$flagged   = is_object( $raw ) && isset( $raw->nearby ) && true === $raw->nearby;
	$elsewhere = false;
	foreach ( $list['value'] as $action ) {
		if ( '' !== $action['locationId'] && $action['locationId'] !== $location_id ) {
			$elsewhere = true;
		}
	}
	return merchant_elements_ok(
		array(
			'actions' => $list['value'],
			'source'  => $asked_nearby && ( $flagged || $elsewhere ) ? 'nearby' : 'location',
		)
	);
}

/**
 * The coordinates of `$location_id` when a nearby response lists it.
 *
 * @param mixed  $raw         Body.
 * @param string $location_id Location id.
 * @return array|null
 */
function merchant_elements_coordinates_in_nearby( $raw, $location_id ) {
	if ( ! is_array( $raw ) ) {
		return null;
	}
	foreach ( $raw as $entry ) {
		$location = is_object( $entry ) ? merchant_elements_js_get( $entry, 'location' ) : null;
		if ( ! is_object( $location ) ) {
			continue;
		}
		$id  = merchant_elements_js_get( $location, 'id' );
		$lat = merchant_elements_js_get( $location, 'latitude' );
		$lng = merchant_elements_js_get( $location, 'longitude' );
		if ( $id === $location_id && merchant_elements_js_is_number( $lat ) && merchant_elements_js_is_number( $lng ) ) {
			return array(
				'latitude'  => merchant_elements_js_num( $lat ),
				'longitude' => merchant_elements_js_num( $lng ),
			);
		}
	}
	return null;
}

/**
 * Great-circle distance in metres, rounded.
 *
 * @param array $a Coordinates.
 * @param array $b Coordinates.
 * @return float
 */
function merchant_elements_distance_metres( array $a, array $b ) {
	$rad   = M_PI / 180;
	$d_lat = ( $b['latitude'] - $a['latitude'] ) * $rad;
	$d_lng = ( $b['longitude'] - $a['longitude'] ) * $rad;
	$s_lat = sin( $d_lat / 2 );
	$s_lng = sin( $d_lng / 2 );
	$h     = $s_lat * $s_lat + cos( $a['latitude'] * $rad ) * cos( $b['latitude'] * $rad ) * $s_lng * $s_lng;
	return merchant_elements_js_round( 2 * 6371008.8 * asin( min( 1, sqrt( $h ) ) ) );
}

/**
 * The nearby response, with distances from `$centre` when known.
 *
 * @param mixed      $raw          Body.
 * @param array|null $centre       Coordinates.
 * @param array      $secure_hosts Host patterns as keys.
 * @return array Normalized.
 */
function merchant_elements_normalize_nearby( $raw, $centre, array $secure_hosts ) {
	if ( ! is_array( $raw ) ) {
		return merchant_elements_fail( 'nearby', 'the nearby response is not a list' );
	}
	$results = array();
	foreach ( $raw as $i => $entry ) {
		if ( ! is_object( $entry ) ) {
			continue;
		}
		$action   = merchant_elements_normalize_action( merchant_elements_js_get( $entry, 'action' ), $secure_hosts, '[' . $i . '].action' );
		$location = merchant_elements_normalize_location_summary( merchant_elements_js_get( $entry, 'location' ) );
		if ( ! $action['ok'] || ! $location['ok'] ) {
			continue;
		}
		$distance = merchant_elements_number( merchant_elements_js_get( $entry, 'distance' ) );
		if ( null === $distance ) {
			$distance = ( null !== $centre && null !== $location['value']['coordinates'] ) ? merchant_elements_distance_metres( $centre, $location['value']['coordinates'] ) : 0;
		}
		$results[] = array(
			'action'   => $action['value'],
			'location' => $location['value'],
			'distance' => $distance,
		);
	}
	return merchant_elements_ok( $results );
}
