<?php
/**
 * A block per element, in a "Merchant" category, registered from the element table: its options in the sidebar,
 * a live preview in the editor, and saved as a dynamic block (only its attributes are stored; PHP renders it), so no
 * role's content is ever filtered away. Works in the block editor and in block widget areas.
 *
 * The provider's block holds other blocks: they share its location.
 *
 * @package MerchantElements
 */

defined( 'ABSPATH' ) || exit;

add_action( 'init', 'merchant_elements_register_blocks' );
add_filter( 'block_categories_all', 'merchant_elements_block_category' );

/**
 * The block's name for an element: `merchant-elements/menu` for `<merchant-menu>`.
 *
 * @param string $tag The element's tag.
 * @return string
 */
function merchant_elements_block_name( $tag ) {
	return 'merchant-elements/' . substr( $tag, strlen( 'merchant-' ) );
}

/**
 * A block attribute's schema from the element table's kind.
 *
 * @param array $spec The attribute's entry in the element table.
 * @return array
 */
function merchant_elements_block_attribute( array $spec ) {
	switch ( $spec['kind'] ) {
		case 'boolean':
			return array( 'type' => 'boolean', 'default' => (bool) $spec['default'] );
		case 'number':
			return array( 'type' => array( 'number', 'string' ) );
		case 'choice':
			return array( 'type' => 'string', 'enum' => array_merge( array( '' ), (array) $spec['values'] ) );
		default:
			return array( 'type' => 'string' );
	}
}

/** Registers the blocks and their editor script. */
function merchant_elements_register_blocks() {
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
		array( 'merchant-elements-blocks-data', 'wp-blocks', 'wp-element', 'wp-block-editor', 'wp-components', 'wp-server-side-render', 'wp-i18n' ),
		MERCHANT_ELEMENTS_VERSION,
		false
	);
	wp_set_script_translations( 'merchant-elements-blocks', 'merchant-elements', MERCHANT_ELEMENTS_DIR . 'languages' );

	foreach ( merchant_elements_table() as $tag => $element ) {
		$attributes = array();
		foreach ( $element['attributes'] as $name => $spec ) {
			$attributes[ $name ] = merchant_elements_block_attribute( $spec );
		}
		register_block_type(
			merchant_elements_block_name( $tag ),
			array(
				'api_version'     => 2,
				'title'           => $element['title'],
				'description'     => $element['description'],
				'category'        => 'merchant',
				'attributes'      => $attributes,
				'supports'        => array( 'html' => false ),
				'editor_script'   => 'merchant-elements-blocks',
				'render_callback' => function ( $block_attributes, $content ) use ( $tag ) {
					return merchant_elements_render_block( $tag, (array) $block_attributes, (string) $content );
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
function merchant_elements_render_block( $tag, array $attributes, $content ) {
	$element = merchant_elements_render_element( $tag, $attributes, $content );
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
function merchant_elements_block_category( $categories ) {
	$categories[] = array(
		'slug'  => 'merchant',
		'title' => __( 'Merchant', 'merchant-elements' ),
		'icon'  => null,
	);
	return $categories;
}
