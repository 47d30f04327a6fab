<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Elements.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * The element table: every element's tag, title, description and the attributes a post may set, with how each is
 * edited. Generated at build time from the elements' custom elements manifest (scripts/build-wordpress.mjs writes
 * generated/elements.json), so a new element or attribute reaches the blocks, the shortcodes and the HTML filter
 * without touching PHP.
 *
 * Never in the table: `endpoint` (the gateway is the site's setting, so no post can point an element at a gateway
 * of its author's choosing), `allow-widget-scripts` (a site setting only), `state` (read-only) and any `on*` name.
 */
final class Elements {

	/**
	 * The element table, keyed by tag name.
	 *
	 * @return array<string, array{name: string, title: string, description: string, attributes: array<string, array{kind: string, values?: string[], default: mixed, description: string}>}>
	 */
	public static function table() {
		static $table = null;
		if ( null === $table ) {
			$json  = file_get_contents( MERCHANT_ELEMENTS_DIR . 'generated/elements.json' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin's own.
			$table = array();
			foreach ( (array) json_decode( (string) $json, true ) as $tag => $element ) {
				if ( self::is_tag( $tag ) ) {
					$element['attributes'] = array_filter(
						(array) $element['attributes'],
						array( self::class, 'is_safe_attribute' ),
						ARRAY_FILTER_USE_KEY
					);
					$table[ $tag ]         = $element;
				}
			}
		}
		return $table;
	}

	/**
	 * Whether a name is one of ours: `merchant-` and lowercase letters.
	 *
	 * @param string $tag A tag name.
	 * @return bool
	 */
	public static function is_tag( $tag ) {
		return is_string( $tag ) && 1 === preg_match( '/^merchant-[a-z]+$/', $tag );
	}

	/**
	 * Whether an attribute may ever be set from a post. The table never lists the others; this is checked again here
	 * so that no edit of the generated file can let them through.
	 *
	 * @param string $name An attribute name.
	 * @return bool
	 */
	public static function is_safe_attribute( $name ) {
		$name = strtolower( (string) $name );
		return 1 === preg_match( '/^[a-z][a-z-]*$/', $name )
			&& 0 !== strpos( $name, 'on' )
			&& ! in_array( $name, array( 'endpoint', 'allow-widget-scripts', 'state' ), true );
	}
}
