<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Shortcodes.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * A shortcode per element, named like its tag and taking its attributes by the same names:
 * `[merchant-menu location-id="…" format="short"]`, `[merchant-hours]`, `[merchant-actions top]` (a bare name is
 * a boolean that is on), and `[merchant-provider location-id="…"]…[/merchant-provider]` around others.
 * For the classic editor, widgets and page builders; the block editor turns a pasted shortcode into a Shortcode
 * block, which renders the same.
 */
final class Shortcodes {

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		add_action( 'init', array( self::class, 'register_shortcodes' ) );
	}

	/** Registers one shortcode per element in the table. */
	public static function register_shortcodes() {
		foreach ( array_keys( Elements::table() ) as $tag ) {
			add_shortcode( $tag, array( self::class, 'shortcode' ) );
		}
	}

	/**
	 * Renders a shortcode as its element.
	 *
	 * @param array|string $atts    As WordPress parsed them: named values, and bare names under numeric keys ('' when none).
	 * @param string|null  $content Enclosed content (the provider's children), if any.
	 * @param string       $tag     The shortcode's name, which is the element's tag.
	 * @return string
	 */
	public static function shortcode( $atts, $content, $tag ) {
		return Render::render_element( $tag, self::shortcode_attributes( $atts ), null === $content ? '' : do_shortcode( $content ) );
	}

	/**
	 * Shortcode attributes by the element's names: `top` (a bare name) becomes `top => true`; names are lowercased,
	 * as HTML's are.
	 *
	 * @param array|string $atts As WordPress parsed them.
	 * @return array<string, mixed>
	 */
	public static function shortcode_attributes( $atts ) {
		$named = array();
		foreach ( (array) $atts as $key => $value ) {
			if ( is_int( $key ) ) {
				$named[ strtolower( (string) $value ) ] = true;
			} else {
				$named[ strtolower( (string) $key ) ] = $value;
			}
		}
		return $named;
	}
}
