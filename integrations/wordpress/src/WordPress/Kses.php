<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Kses.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * The snippet from the configurator, pasted into a Custom HTML block, survives WordPress's HTML filter for every
 * role: the seven tags and their safe attributes (those in the element table, plus `class` and `id`) are allowed
 * in posts. Never `endpoint` (the gateway is the site's setting), never `allow-widget-scripts` (a site setting),
 * never an `on*` handler: the table has none of them, and Elements::is_safe_attribute() refuses them again.
 *
 * The snippet's `<script>` is still removed for roles without `unfiltered_html`, as WordPress intends: the plugin
 * prints the bundle itself on pages that use an element.
 */
final class Kses {

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		add_filter( 'wp_kses_allowed_html', array( self::class, 'allowed_html' ), 10, 2 );
	}

	/**
	 * Adds the elements to the tags allowed in post content.
	 *
	 * @param array        $allowed The allowed tags and their attributes.
	 * @param string|array $context The filter's context.
	 * @return array
	 */
	public static function allowed_html( $allowed, $context ) {
		if ( 'post' !== $context ) {
			return $allowed;
		}
		foreach ( Elements::table() as $tag => $element ) {
			$attributes = array(
				'class' => true,
				'id'    => true,
			);
			foreach ( array_keys( $element['attributes'] ) as $name ) {
				if ( Elements::is_safe_attribute( $name ) ) {
					$attributes[ $name ] = true;
				}
			}
			$allowed[ $tag ] = $attributes;
		}
		return $allowed;
	}
}
