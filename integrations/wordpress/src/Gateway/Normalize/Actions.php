<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Actions.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Normalize;

use MerchantElements\Gateway\Js;
use MerchantElements\Gateway\RequestParams;

defined( 'ABSPATH' ) || exit;

/**
 * The normalizers: a port of src/gateway/normalize/{hours,location,menus,photos,actions}.ts. Each takes decoded
 * upstream JSON (objects as \stdClass) and returns `array( 'ok' => true, 'value' => ... )` or
 * `array( 'ok' => false, 'path' => ..., 'message' => ... )`. Values are PHP arrays whose json_encode() is the
 * Node gateway's JSON.
 */
final class Actions {

	/**
	 * An action's attributes, or null.
	 *
	 * @param mixed $raw          Attributes.
	 * @param array $secure_hosts Host patterns as keys.
	 * @return array|null
	 */
	public static function attributes( $raw, array $secure_hosts ) {
		if ( ! is_object( $raw ) ) {
			return null;
		}
		$pct = Values::number( Js::get( $raw, 'discount_percentage' ) );
		return array(
			'category'           => Values::text( Js::get( $raw, 'category' ) ),
			'description'        => Values::long_text( Js::get( $raw, 'description' ) ),
			'discount'           => Values::number( Js::get( $raw, 'discount' ) ),
			'discountPercentage' => ( null !== $pct && $pct >= 0 && $pct <= 1 ) ? $pct : null,
			'expiration'         => Values::datetime( Js::get( $raw, 'expiration' ) ),
			'imageUrl'           => Values::secure_url( Js::get( $raw, 'image_url' ), $secure_hosts ),
			'title'              => Values::text( Js::get( $raw, 'title' ) ),
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
	public static function normalize_action( $raw, array $secure_hosts, $path = 'action' ) {
		if ( ! is_object( $raw ) ) {
			return Result::fail( $path, 'the action is not an object' );
		}
		$action_id = Values::id( Js::get( $raw, 'id' ) );
		if ( null === $action_id ) {
			return Result::fail( $path . '.id', 'the action has no id' );
		}
		$href = Values::url( Js::get( $raw, 'url' ) );
		if ( null === $href ) {
			return Result::fail( $path . '.url', 'the action has no http(s) URL' );
		}
		$type = Values::text( Js::get( $raw, 'type' ) );
		$type = null === $type ? null : RequestParams::parse_action_type( $type );
		return Result::ok(
			array(
				'id'         => $action_id,
				'locationId' => (string) Values::id( Js::get( $raw, 'location_id' ) ),
				'type'       => null === $type ? 'other' : $type,
				'url'        => $href,
				'jsSource'   => Values::url( Js::get( $raw, 'js_source' ) ),
				'cta'        => Values::text( Js::get( $raw, 'suggested_cta' ) ),
				'ctaAsset'   => Values::secure_url( Js::get( $raw, 'suggested_cta_asset' ), $secure_hosts ),
				'attributes' => self::attributes( Js::get( $raw, 'attributes' ), $secure_hosts ),
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
	public static function normalize_action_list( $raw, array $secure_hosts ) {
		$valid = function ( array $results ) {
			$actions = array();
			foreach ( $results as $result ) {
				if ( $result['ok'] ) {
					$actions[] = $result['value'];
				}
			}
			return Result::ok( $actions );
		};
		if ( is_array( $raw ) ) {
			$results = array();
			foreach ( $raw as $i => $entry ) {
				$results[] = self::normalize_action( is_object( $entry ) ? Js::get( $entry, 'action' ) : null, $secure_hosts, '[' . $i . '].action' );
			}
			return $valid( $results );
		}
		if ( ! is_object( $raw ) ) {
			return Result::fail( 'actions', 'the actions response is not an object' );
		}
		$list = Js::get( $raw, 'actions' );
		if ( is_array( $list ) ) {
			$results = array();
			foreach ( $list as $i => $a ) {
				$results[] = self::normalize_action( $a, $secure_hosts, 'actions[' . $i . ']' );
			}
			return $valid( $results );
		}
		if ( property_exists( $raw, 'action' ) ) {
			if ( null === $raw->action ) {
				return Result::ok( array() );
			}
			$single = self::normalize_action( $raw->action, $secure_hosts );
			return $single['ok'] ? Result::ok( array( $single['value'] ) ) : $single;
		}
		return Result::fail( 'actions', 'the response has neither actions nor action' );
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
	public static function normalize_actions( $raw, $location_id, $asked_nearby, array $secure_hosts ) {
		$list = self::normalize_action_list( $raw, $secure_hosts );
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
		return Result::ok(
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
	public static function coordinates_in_nearby( $raw, $location_id ) {
		if ( ! is_array( $raw ) ) {
			return null;
		}
		foreach ( $raw as $entry ) {
			$location = is_object( $entry ) ? Js::get( $entry, 'location' ) : null;
			if ( ! is_object( $location ) ) {
				continue;
			}
			$id  = Js::get( $location, 'id' );
			$lat = Js::get( $location, 'latitude' );
			$lng = Js::get( $location, 'longitude' );
			if ( $id === $location_id && Js::is_number( $lat ) && Js::is_number( $lng ) ) {
				return array(
					'latitude'  => Js::num( $lat ),
					'longitude' => Js::num( $lng ),
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
	public static function distance_metres( array $a, array $b ) {
		$rad   = M_PI / 180;
		$d_lat = ( $b['latitude'] - $a['latitude'] ) * $rad;
		$d_lng = ( $b['longitude'] - $a['longitude'] ) * $rad;
		$s_lat = sin( $d_lat / 2 );
		$s_lng = sin( $d_lng / 2 );
		$h     = $s_lat * $s_lat + cos( $a['latitude'] * $rad ) * cos( $b['latitude'] * $rad ) * $s_lng * $s_lng;
		return Js::round( 2 * 6371008.8 * asin( min( 1, sqrt( $h ) ) ) );
	}

	/**
	 * The nearby response, with distances from `$centre` when known.
	 *
	 * @param mixed      $raw          Body.
	 * @param array|null $centre       Coordinates.
	 * @param array      $secure_hosts Host patterns as keys.
	 * @return array Normalized.
	 */
	public static function normalize_nearby( $raw, $centre, array $secure_hosts ) {
		if ( ! is_array( $raw ) ) {
			return Result::fail( 'nearby', 'the nearby response is not a list' );
		}
		$results = array();
		foreach ( $raw as $i => $entry ) {
			if ( ! is_object( $entry ) ) {
				continue;
			}
			$action   = self::normalize_action( Js::get( $entry, 'action' ), $secure_hosts, '[' . $i . '].action' );
			$location = Location::normalize_location_summary( Js::get( $entry, 'location' ) );
			if ( ! $action['ok'] || ! $location['ok'] ) {
				continue;
			}
			$distance = Values::number( Js::get( $entry, 'distance' ) );
			if ( null === $distance ) {
				$distance = ( null !== $centre && null !== $location['value']['coordinates'] ) ? self::distance_metres( $centre, $location['value']['coordinates'] ) : 0;
			}
			$results[] = array(
				'action'   => $action['value'],
				'location' => $location['value'],
				'distance' => $distance,
			);
		}
		return Result::ok( $results );
	}
}
