<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * DataBlocks.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * The page's data after its content, each answer once: what the render route's pages do (`dataAfterContent` in
 * src/ssr/page.ts), for both of the plugin's sources. Every element's markup goes through here (Render::render_element()):
 * the data blocks beside a plain element ("self": PageData) and those inside a gateway's render are taken out, the
 * first block per `data-merchant-url` is kept, and all of them are printed in the footer (wp_footer). A block ahead of
 * an element is bytes the phone downloads and parses before it can show that element (the ~20 KB page answer stood
 * after the first element, before the rest of the post); the bundle is a module, deferred, so its takeover reads the
 * blocks once the page is parsed, wherever they are.
 *
 * Where no footer will follow (a feed, an embed, anything but a front-end page, or an element printed after the footer
 * ran), the blocks stay where the element is, still once per URL. A theme that never calls wp_footer() (which
 * WordPress requires of themes) loses the blocks, not the elements: an element without its block asks the REST route.
 */
final class DataBlocks {

	/**
	 * One data block as PageData and the render route write it: constant wrappers, the URL escaped (group 1), JSON with
	 * every `<` escaped (JSON_HEX_TAG; the renderer's scriptText()), so its text holds no `<`. A block in any other form
	 * is left where it is.
	 */
	const BLOCK = '/<script type="application\/json" data-merchant-url="([^"]*)"[^>]*>[^<]*<\/script>/';

	/**
	 * The blocks kept for the footer, by URL, in page order.
	 *
	 * @var array<string, string>
	 */
	private static $kept = array();

	/**
	 * The URLs whose block this page has already printed or kept.
	 *
	 * @var array<string, true>
	 */
	private static $carried = array();

	/** Adds its hook (called once, by Plugin::boot()). */
	public static function register() {
		add_action( 'wp_footer', array( self::class, 'print_blocks' ), 5 );
	}

	/**
	 * An element's markup without its data blocks, which wait for the footer (the first per URL; later copies go), or,
	 * where no footer will follow, the markup with the blocks left in place, still once per URL.
	 *
	 * @param string $html An element's markup, with its data blocks inside it (a render) or after it (PageData).
	 * @return string
	 */
	public static function after_content( $html ) {
		$later = self::footer_follows();
		return (string) preg_replace_callback(
			self::BLOCK,
			function ( $block ) use ( $later ) {
				$url = $block[1];
				if ( isset( self::$carried[ $url ] ) ) {
					return '';
				}
				self::$carried[ $url ] = true;
				if ( ! $later ) {
					return $block[0];
				}
				self::$kept[ $url ] = $block[0];
				return '';
			},
			$html
		);
	}

	/** Prints the kept blocks (wp_footer), once. */
	public static function print_blocks() {
		$blocks     = implode( '', self::$kept );
		self::$kept = array();
		// Built by PageData from escaped attributes and JSON_HEX_TAG JSON, or taken from a render Render::is_safe_render() passed.
		echo $blocks; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
	}

	/**
	 * Whether this page's footer is still to come: a front-end page being made (past template_redirect, where the
	 * template is chosen), not a feed or an embed (their templates have no wp_footer), and wp_footer not run yet.
	 *
	 * @return bool
	 */
	private static function footer_follows() {
		return did_action( 'template_redirect' ) && ! did_action( 'wp_footer' ) && ! is_admin() && ! is_feed() && ! is_embed() && ! wp_doing_ajax() && ! ( defined( 'REST_REQUEST' ) && REST_REQUEST );
	}
}
