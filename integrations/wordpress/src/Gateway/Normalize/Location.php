<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Location.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Normalize;

use MerchantElements\Gateway\Js;

defined( 'ABSPATH' ) || exit;

/**
 * The normalizers: a port of src/gateway/normalize/{hours,location,menus,photos,actions}.ts. Each takes decoded
 * upstream JSON (objects as \stdClass) and returns `array( 'ok' => true, 'value' => ... )` or
 * `array( 'ok' => false, 'path' => ..., 'message' => ... )`. Values are PHP arrays whose json_encode() is the
 * Node gateway's JSON.
 */
final class Location {

	/**
	 * Coordinates within range, or null.
	 *
	 * @param mixed $lat Latitude.
	 * @param mixed $lng Longitude.
	 * @return array|null
	 */
	public static function coordinates( $lat, $lng ) {
		$latitude  = Values::number( $lat );
		$longitude = Values::number( $lng );
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
	 * @param mixed    $fields An object.
	 * @param string[] $keys   Property names.
	 * @return mixed
	 */
	public static function first( $fields, array $keys ) {
		foreach ( $keys as $key ) {
			$value = Js::get( $fields, $key );
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
	public static function address( $block ) {
		return array(
			'line1'        => Values::text( Js::get( $block, 'address1' ) ),
			'line2'        => Values::text( Js::get( $block, 'address2' ) ),
			'city'         => Values::text( Js::get( $block, 'city' ) ),
			'region'       => Values::text( self::first( $block, array( 'state', 'region' ) ) ),
			'postalCode'   => Values::text( self::first( $block, array( 'postal_code', 'postcode', 'zipCode' ) ) ),
			'country'      => Values::text( Js::get( $block, 'country' ) ),
			'crossStreet'  => Values::text( Js::get( $block, 'cross_street' ) ),
			'neighborhood' => Values::text( Js::get( $block, 'neighborhood' ) ),
			'directions'   => Values::long_text( Js::get( $block, 'directions' ) ),
		);
	}

	/**
	 * A location's attributes.
	 *
	 * @param mixed $a The attributes object.
	 * @return array
	 */
	public static function attributes( $a ) {
		$rating  = Values::number( Js::get( $a, 'price_rating' ) );
		$average = Js::get( $a, 'average_price' );
		return array(
			'takeOut'          => Values::bool( Js::get( $a, 'take_out' ) ),
			'dineIn'           => Values::bool( Js::get( $a, 'dine_in' ) ),
			'delivery'         => Values::bool( Js::get( $a, 'delivery' ) ),
			'driveThru'        => Values::bool( Js::get( $a, 'drive_thru' ) ),
			'reservations'     => Values::bool( Js::get( $a, 'reservations' ) ),
			'catering'         => Values::bool( Js::get( $a, 'catering' ) ),
			'wheelchairAccess' => Values::bool( Js::get( $a, 'wheelchair_access' ) ),
			'alcohol'          => Values::text( Js::get( $a, 'alcohol' ) ),
			'averagePrice'     => is_bool( $average ) ? null : Values::text( $average ),
			'priceRating'      => ( null !== $rating && floor( $rating ) == $rating && $rating >= 1 && $rating <= 5 ) ? $rating : null, // phpcs:ignore Universal.Operators.StrictComparisons
			'mealsServed'      => Values::string_list( Js::get( $a, 'meals_served' ) ),
			'paymentTypes'     => Values::string_list( Js::get( $a, 'payment_types_accepted' ) ),
		);
	}

	/**
	 * The Publisher API's location record.
	 *
	 * @param mixed $raw          The record.
	 * @param array $secure_hosts Host patterns as keys.
	 * @return array Normalized.
	 */
	public static function normalize_location( $raw, array $secure_hosts ) {
		if ( ! is_object( $raw ) ) {
			return Result::fail( 'location', 'the location record is not an object' );
		}
		$location_id = Values::id( self::first( $raw, array( 'location_id', 'id' ) ) );
		if ( null === $location_id ) {
			return Result::fail( 'location.location_id', 'the location has no id' );
		}
		$block     = Js::get( $raw, 'location' );
		$attrs     = Js::get( $raw, 'attributes' );
		$position  = self::coordinates( Js::get( $block, 'latitude' ), Js::get( $block, 'longitude' ) );
		$name      = Values::text( Js::get( $raw, 'name' ) );
		$location  = array(
			'id'            => $location_id,
			'numericId'     => Values::id( Js::get( $raw, 'location_nid' ) ),
			'name'          => null === $name ? '' : $name,
			'phone'         => Values::text( Js::get( $raw, 'phone' ) ),
			'address'       => self::address( $block ),
			'coordinates'   => $position,
			'businessType'  => Values::text( Js::get( $raw, 'business_type' ) ),
			'cuisines'      => Values::string_list( Js::get( $attrs, 'cuisine' ) ),
			'ownerVerified' => true === Values::bool( Js::get( $raw, 'is_owner_verified' ) ),
			'createdAt'     => Values::datetime( Js::get( $raw, 'created' ) ),
			'updatedAt'     => Values::datetime( Js::get( $raw, 'updated' ) ),
			'description'   => Values::long_text( Js::get( $raw, 'description' ) ),
			'email'         => Values::text( Js::get( $raw, 'email' ) ),
			'website'       => Values::secure_url( Js::get( $raw, 'website' ), $secure_hosts ),
		);
		$location += TimeZone::location_time_zone( Js::get( $raw, 'time_zone' ), $position );
		$location += array(
			'hours'       => Hours::normalize_hours( Js::get( $raw, 'hours' ) ),
			'attributes'  => self::attributes( $attrs ),
			'hasMenus'    => Values::bool( Js::get( $raw, 'has_menus' ) ),
			'hasPhotos'   => Values::bool( self::first( $raw, array( 'sp_photos', 'has_photos', 'hasPhotos' ) ) ),
			'publishedAt' => Values::datetime( Js::get( $raw, 'published_at' ) ),
		);
		return Result::ok( $location );
	}

	/**
	 * The Actions API's embedded location.
	 *
	 * @param mixed $raw The location.
	 * @return array Normalized.
	 */
	public static function normalize_location_summary( $raw ) {
		if ( ! is_object( $raw ) ) {
			return Result::fail( 'location', 'the location is not an object' );
		}
		$location_id = Values::id( self::first( $raw, array( 'id', 'location_id' ) ) );
		if ( null === $location_id ) {
			return Result::fail( 'location.id', 'the location has no id' );
		}
		$name = Values::text( Js::get( $raw, 'name' ) );
		return Result::ok(
			array(
				'id'            => $location_id,
				'name'          => null === $name ? '' : $name,
				'phone'         => Values::text( self::first( $raw, array( 'phone_number', 'phone' ) ) ),
				'address'       => self::address( $raw ),
				'coordinates'   => self::coordinates( Js::get( $raw, 'latitude' ), Js::get( $raw, 'longitude' ) ),
				'businessType'  => Values::text( Js::get( $raw, 'business_type' ) ),
				'cuisines'      => Values::string_list( Js::get( $raw, 'cuisine_types' ) ),
				'ownerVerified' => true === Values::bool( Js::get( $raw, 'owner_verified' ) ),
				'createdAt'     => Values::datetime( Js::get( $raw, 'created' ) ),
				'updatedAt'     => Values::datetime( Js::get( $raw, 'updated' ) ),
			)
		);
	}
}
