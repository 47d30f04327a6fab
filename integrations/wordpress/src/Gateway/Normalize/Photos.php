<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Photos.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Normalize;

use MerchantElements\Gateway\Contract;
use MerchantElements\Gateway\Js;

defined( 'ABSPATH' ) || exit;

/**
 * The normalizers: a port of src/gateway/normalize/{hours,location,menus,photos,actions}.ts. Each takes decoded
 * upstream JSON (objects as \stdClass) and returns `array( 'ok' => true, 'value' => ... )` or
 * `array( 'ok' => false, 'path' => ..., 'message' => ... )`. Values are PHP arrays whose json_encode() is the
 * Node gateway's JSON.
 */
final class Photos {

	/**
	 * A photo type: PHOTO_TYPES, `Product(s)` as item, anything else unclassified.
	 *
	 * @param mixed $value Type.
	 * @return string
	 */
	public static function photo_type( $value ) {
		$t = Values::text( $value );
		$t = null === $t ? '' : Js::lower( $t );
		if ( 'product' === $t || 'products' === $t ) {
			return 'item';
		}
		return in_array( $t, Contract::get()['photoTypes'], true ) ? $t : 'unclassified';
	}

	/**
	 * A positive number, rounded; null otherwise.
	 *
	 * @param mixed $value Any JSON value.
	 * @return float|null
	 */
	public static function positive( $value ) {
		$n = Values::number( $value );
		return ( null !== $n && $n > 0 ) ? Js::round( $n ) : null;
	}

	/**
	 * One photo.
	 *
	 * @param mixed $raw          Photo.
	 * @param int   $index        Position.
	 * @param array $secure_hosts Host patterns as keys.
	 * @return array Normalized.
	 */
	public static function normalize_photo( $raw, $index, array $secure_hosts ) {
		if ( ! is_object( $raw ) ) {
			return Result::fail( 'photos[' . $index . ']', 'the photo is not an object' );
		}
		$photo_id = Values::id( Location::first( $raw, array( 'photo_id', 'id' ) ) );
		if ( null === $photo_id ) {
			return Result::fail( 'photos[' . $index . '].photo_id', 'the photo has no id' );
		}
		$href = Values::secure_url( Js::get( $raw, 'url' ), $secure_hosts );
		if ( null === $href ) {
			return Result::fail( 'photos[' . $index . '].url', 'the photo has no http(s) URL' );
		}
		$source = Values::text( Js::get( $raw, 'source' ) );
		$source = null === $source ? null : Js::lower( $source );
		$items  = array();
		foreach ( Values::as_array( Js::get( $raw, 'items' ) ) as $item ) {
			$item = Values::id( $item );
			if ( null !== $item ) {
				$items[] = $item;
			}
		}
		return Result::ok(
			array(
				'id'         => $photo_id,
				'locationId' => (string) Values::id( Js::get( $raw, 'location_id' ) ),
				'title'      => Values::text( Js::get( $raw, 'title' ) ),
				'type'       => self::photo_type( Js::get( $raw, 'type' ) ),
				'url'        => $href,
				'width'      => self::positive( Location::first( $raw, array( 'width', 'original_width' ) ) ),
				'height'     => self::positive( Location::first( $raw, array( 'height', 'original_height' ) ) ),
				'variants'   => array(),
				'source'     => ( 'platform' === $source || 'mobile' === $source ) ? $source : null,
				'main'       => true === Values::bool( Js::get( $raw, 'main_image' ) ),
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
	public static function normalize_photos( $raw, array $secure_hosts ) {
		if ( ! is_array( $raw ) ) {
			return Result::fail( 'photos', 'the photos are not a list' );
		}
		$photos = array();
		foreach ( $raw as $i => $p ) {
			$result = self::normalize_photo( $p, $i, $secure_hosts );
			if ( $result['ok'] ) {
				$photos[] = $result['value'];
			}
		}
		return Result::ok(
			Js::sort(
				$photos,
				function ( $a, $b ) {
					return (int) $b['main'] - (int) $a['main'];
				}
			)
		);
	}
}
