<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * PageRenders.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * The page's elements known before it is printed, and, with a gateway, their renders fetched together.
 *
 * WordPress renders blocks and shortcodes one at a time, so a render fetched when its element is reached waits for
 * every render before it: six elements whose renders take 600 ms each do not fit the page's 2 s budget one after
 * another. So once the query is known (template_redirect, before any template is printed), the elements of the queried
 * posts and of the block widgets are read from their content (the blocks, and the shortcodes anywhere in it, the way
 * Render::render_element() will see them), and the renders that are not kept yet are fetched at once
 * (Render::fetch_renders()). Rendering then finds them ready; an element found only while rendering (a page builder's
 * content, a classic widget's shortcode) is still fetched then, within what is left of the budget.
 */
final class PageRenders {

	/**
	 * The elements found before the page is printed, each `array( tag, checked attributes )`.
	 *
	 * @var array<int, array{0: string, 1: array<string, string>}>|null
	 */
	private static $elements = null;

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		// After the redirects WordPress may answer with instead (at 10), before the template.
		add_action( 'template_redirect', array( self::class, 'prefetch' ), 100 );
	}

	/** With a gateway: fetches the renders of the page's elements, together. */
	public static function prefetch() {
		if ( 'gateway' !== Connection::source() ) {
			return;
		}
		$wanted = array();
		foreach ( self::elements() as $element ) {
			list( $tag, $values ) = $element;
			$url                  = Render::render_url( $tag, $values );
			if ( '' !== $url && ! isset( $wanted[ $url ] ) && '' === Render::kept_render( $url ) ) {
				$wanted[ $url ] = $tag;
			}
		}
		if ( $wanted ) {
			Render::fetch_renders( $wanted );
		}
	}

	/**
	 * The elements in the queried posts and the active block widgets (read once per page).
	 *
	 * @return array<int, array{0: string, 1: array<string, string>}>
	 */
	public static function elements() {
		if ( null === self::$elements ) {
			global $wp_query;
			$contents = array();
			foreach ( (array) $wp_query->posts as $post ) {
				if ( ! post_password_required( $post ) ) {
					$contents[] = (string) $post->post_content;
				}
			}
			self::$elements = array();
			foreach ( array_merge( $contents, Assets::active_block_widgets() ) as $content ) {
				self::$elements = array_merge( self::$elements, self::elements_in( $content ) );
			}
		}
		return self::$elements;
	}

	/**
	 * The elements in some content, as Render::render_element() will be given them: blocks (inner blocks included)
	 * with their attributes, and shortcodes (enclosed ones included) with theirs.
	 *
	 * @param string $content Post content or a widget's.
	 * @return array<int, array{0: string, 1: array<string, string>}>
	 */
	public static function elements_in( $content ) {
		if ( ! Assets::content_uses( $content ) ) {
			return array();
		}
		$blocks = array();
		foreach ( Elements::table() as $tag => $element ) {
			$blocks[ 'merchant-elements/' . $element['name'] ] = $tag;
		}
		$found = has_blocks( $content ) ? self::block_elements( parse_blocks( $content ), $blocks ) : array();
		return array_merge( $found, self::shortcode_elements( $content ) );
	}

	/**
	 * The elements among parsed blocks and their inner blocks.
	 *
	 * @param array                 $parsed What parse_blocks() gives.
	 * @param array<string, string> $blocks Block name => the element's tag.
	 * @return array<int, array{0: string, 1: array<string, string>}>
	 */
	private static function block_elements( array $parsed, array $blocks ) {
		$found = array();
		foreach ( $parsed as $block ) {
			if ( isset( $block['blockName'], $blocks[ $block['blockName'] ] ) ) {
				$tag     = $blocks[ $block['blockName'] ];
				$found[] = array( $tag, Render::checked_values( $tag, (array) $block['attrs'] ) );
			}
			if ( ! empty( $block['innerBlocks'] ) ) {
				$found = array_merge( $found, self::block_elements( $block['innerBlocks'], $blocks ) );
			}
		}
		return $found;
	}

	/**
	 * The element shortcodes in some text, those enclosed in another included; an escaped one (`[[merchant-menu]]`)
	 * prints as text and is left out.
	 *
	 * @param string $content The text.
	 * @return array<int, array{0: string, 1: array<string, string>}>
	 */
	private static function shortcode_elements( $content ) {
		$tags = array_keys( Elements::table() );
		if ( false === strpos( $content, '[' ) || ! preg_match_all( '/' . get_shortcode_regex( $tags ) . '/', $content, $matches, PREG_SET_ORDER ) ) {
			return array();
		}
		$found = array();
		foreach ( $matches as $match ) {
			if ( '[' === $match[1] && ']' === $match[6] ) {
				continue;
			}
			$atts    = Shortcodes::shortcode_attributes( shortcode_parse_atts( $match[3] ) );
			$found[] = array( $match[2], Render::checked_values( $match[2], $atts ) );
			if ( isset( $match[5] ) && '' !== $match[5] ) {
				$found = array_merge( $found, self::shortcode_elements( $match[5] ) );
			}
		}
		return $found;
	}
}
