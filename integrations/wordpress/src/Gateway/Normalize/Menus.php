<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Menus.
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
final class Menus {

	/**
	 * `{min, max}` of numbers, or a single number; null when neither side is one.
	 *
	 * @param mixed $raw Range.
	 * @return array|null
	 */
	public static function range( $raw ) {
		if ( ! is_object( $raw ) ) {
			$single = Values::number( $raw );
			return null === $single ? null : array(
				'min' => $single,
				'max' => $single,
			);
		}
		$min = Values::number( Js::get( $raw, 'min' ) );
		$max = Values::number( Js::get( $raw, 'max' ) );
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
	 * @param array $entries Entries with `order`.
	 * @return array
	 */
	public static function by_order( array $entries ) {
		return Js::sort(
			$entries,
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
	public static function item_photo( $raw, array $secure_hosts ) {
		if ( is_string( $raw ) ) {
			$href = Values::secure_url( $raw, $secure_hosts );
			return null === $href ? null : array(
				'id'    => null,
				'title' => null,
				'url'   => $href,
			);
		}
		$href = Values::secure_url( Js::get( $raw, 'url' ), $secure_hosts );
		return null === $href ? null : array(
			'id'    => Values::id( Location::first( $raw, array( 'photo_id', 'id' ) ) ),
			'title' => Values::text( Js::get( $raw, 'title' ) ),
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
	public static function menu_item( $raw, $index, array $secure_hosts ) {
		if ( ! is_object( $raw ) ) {
			return null;
		}
		$item_id = Values::id( Js::get( $raw, 'id' ) );
		if ( null === $item_id ) {
			return null;
		}
		$photos = array();
		foreach ( Values::as_array( Js::get( $raw, 'photos' ) ) as $p ) {
			$photo = self::item_photo( $p, $secure_hosts );
			if ( null !== $photo ) {
				$photos[] = $photo;
			}
		}
		$choices = array();
		foreach ( Values::as_array( Js::get( $raw, 'choices' ) ) as $i => $c ) {
			$choices[] = array(
				'name'     => Values::text( Js::get( $c, 'name' ) ),
				'unit'     => Values::text( Js::get( $c, 'unit' ) ),
				'order'    => Values::order( Js::get( $c, 'order_num' ), $i ),
				'price'    => self::range( Js::get( $c, 'prices' ) ),
				'calories' => self::range( Js::get( $c, 'calories' ) ),
			);
		}
		$additions = array();
		foreach ( Values::as_array( Js::get( $raw, 'additions' ) ) as $i => $a ) {
			$additions[] = array(
				'name'  => Values::text( Js::get( $a, 'name' ) ),
				'unit'  => Values::text( Js::get( $a, 'unit' ) ),
				'order' => Values::order( Js::get( $a, 'order_num' ), $i ),
				'price' => self::range( Js::get( $a, 'prices' ) ),
			);
		}
		$flags   = Js::get( $raw, 'attributes' );
		$dietary = array();
		foreach ( Contract::get()['dietaryFlags'] as $flag ) {
			if ( true === Values::bool( Js::get( $flags, $flag ) ) ) {
				$dietary[] = $flag;
			}
		}
		$name = Values::text( Js::get( $raw, 'name' ) );
		return array(
			'id'          => $item_id,
			'name'        => null === $name ? '' : $name,
			'description' => Values::long_text( Js::get( $raw, 'description' ) ),
			'order'       => Values::order( Js::get( $raw, 'order_num' ), $index ),
			'photos'      => $photos,
			'choices'     => self::by_order( $choices ),
			'additions'   => self::by_order( $additions ),
			'dietary'     => $dietary,
		);
	}

	/**
	 * One menu.
	 *
	 * @param mixed $raw          Menu.
	 * @param int   $index        Position.
	 * @param array $secure_hosts Host patterns as keys.
	 * @return array Normalized.
	 */
	public static function normalize_menu( $raw, $index, array $secure_hosts ) {
		if ( ! is_object( $raw ) ) {
			return Result::fail( 'menus[' . $index . ']', 'the menu is not an object' );
		}
		$menu_id = Values::id( Js::get( $raw, 'id' ) );
		if ( null === $menu_id ) {
			return Result::fail( 'menus[' . $index . '].id', 'the menu has no id' );
		}
		$image = Values::url( Js::get( $raw, 'secure_attribution_image' ) );
		if ( null === $image ) {
			$image = Values::secure_url( Js::get( $raw, 'attribution_image' ), $secure_hosts );
		}
		if ( null === $image ) {
			return Result::fail( 'menus[' . $index . '].attribution_image', 'the menu has no attribution image' );
		}
		$link = Values::url( Js::get( $raw, 'secure_attribution_image_link' ) );
		if ( null === $link ) {
			$link = Values::secure_url( Js::get( $raw, 'attribution_image_link' ), $secure_hosts );
		}
		$sections = array();
		foreach ( Values::as_array( Js::get( $raw, 'sections' ) ) as $i => $s ) {
			if ( ! is_object( $s ) ) {
				continue;
			}
			$items = array();
			foreach ( Values::as_array( Js::get( $s, 'items' ) ) as $j => $it ) {
				$item = self::menu_item( $it, $j, $secure_hosts );
				if ( null !== $item ) {
					$items[] = $item;
				}
			}
			$section_id   = Values::id( Js::get( $s, 'id' ) );
			$section_name = Values::text( Js::get( $s, 'name' ) );
			$sections[]   = array(
				'id'          => null === $section_id ? (string) $i : $section_id,
				'name'        => null === $section_name ? '' : $section_name,
				'description' => Values::long_text( Js::get( $s, 'description' ) ),
				'order'       => Values::order( Js::get( $s, 'order_num' ), $i ),
				'items'       => self::by_order( $items ),
			);
		}
		$name     = Values::text( Js::get( $raw, 'name' ) );
		$type     = Values::text( Js::get( $raw, 'menu_type' ) );
		$currency = Values::text( Js::get( $raw, 'currency' ) );
		return Result::ok(
			array(
				'id'          => $menu_id,
				'locationId'  => (string) Values::id( Js::get( $raw, 'location_id' ) ),
				'name'        => null === $name ? '' : $name,
				'description' => Values::long_text( Js::get( $raw, 'description' ) ),
				'type'        => ( null !== $type && 'listing' === Js::lower( $type ) ) ? 'listing' : 'menu',
				'footnote'    => Values::long_text( Js::get( $raw, 'footnote' ) ),
				'order'       => Values::order( Js::get( $raw, 'order_num' ), $index ),
				'currency'    => null === $currency ? 'USD' : Js::upper( $currency ),
				'createdAt'   => Values::datetime( Js::get( $raw, 'created' ) ),
				'updatedAt'   => Values::datetime( Js::get( $raw, 'updated' ) ),
				'attribution' => array(
					'image' => $image,
					'link'  => $link,
				),
				'sections'    => self::by_order( $sections ),
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
	public static function normalize_menus( $raw, array $secure_hosts ) {
		if ( ! is_array( $raw ) ) {
			return Result::fail( 'menus', 'the menus are not a list' );
		}
		$menus = array();
		foreach ( $raw as $i => $m ) {
			$result = self::normalize_menu( $m, $i, $secure_hosts );
			if ( $result['ok'] ) {
				$menus[] = $result['value'];
			}
		}
		return Result::ok( self::by_order( $menus ) );
	}
}
