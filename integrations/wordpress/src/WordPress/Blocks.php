<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Blocks.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * A block per element, in a "Merchant" category, registered from its block.json: its options in the sidebar,
 * a live preview in the editor, and saved as a dynamic block (only its attributes are stored; PHP renders it), so no
 * role's content is ever filtered away. Works in the block editor and in block widget areas.
 *
 * The provider's block holds other blocks: they share its location.
 */
final class Blocks {

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		add_action( 'init', array( self::class, 'register_blocks' ) );
		add_filter( 'block_categories_all', array( self::class, 'block_category' ) );
	}

	/** Registers the blocks and their editor script. */
	public static function register_blocks() {
		wp_register_script(
			'merchant-elements-blocks-data',
			plugins_url( 'assets/editor/blocks-data.js', MERCHANT_ELEMENTS_FILE ),
			array(),
			MERCHANT_ELEMENTS_VERSION,
			false
		);
		wp_register_script(
			'merchant-elements-blocks',
			plugins_url( 'assets/editor/blocks.js', MERCHANT_ELEMENTS_FILE ),
			array( 'merchant-elements-blocks-data', 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n', 'wp-api-fetch' ),
			MERCHANT_ELEMENTS_VERSION,
			false
		);
		wp_set_script_translations( 'merchant-elements-blocks', 'merchant-elements', MERCHANT_ELEMENTS_DIR . 'languages' );

		// Each block's metadata is its blocks/<name>/block.json (generated from the element table at build time).
		foreach ( Elements::table() as $tag => $element ) {
			register_block_type(
				MERCHANT_ELEMENTS_DIR . 'blocks/' . $element['name'],
				array(
					'render_callback' => function ( $block_attributes, $content ) use ( $tag ) {
						return self::render_block( $tag, (array) $block_attributes, (string) $content );
					},
				)
			);
		}
	}

	/**
	 * A block's markup: the element, in a wrapper carrying the block's classes (alignment, custom class name).
	 *
	 * @param string $tag        The element's tag.
	 * @param array  $attributes The block's attributes.
	 * @param string $content    Inner blocks, already rendered (the provider's).
	 * @return string
	 */
	public static function render_block( $tag, array $attributes, $content ) {
		$element = Render::render_element( $tag, $attributes, $content );
		if ( '' === $element ) {
			return '';
		}
		return '<div ' . get_block_wrapper_attributes() . '>' . $element . '</div>';
	}

	/**
	 * The "Merchant" block category.
	 *
	 * @param array $categories The editor's categories.
	 * @return array
	 */
	public static function block_category( $categories ) {
		$categories[] = array(
			'slug'  => 'merchant',
			'title' => __( 'Merchant', 'merchant-elements' ),
			'icon'  => null,
		);
		return $categories;
	}
}
