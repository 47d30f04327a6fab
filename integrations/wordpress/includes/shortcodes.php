<?php
/**
 * A shortcode per element, named like its tag and taking its attributes by the same names:
 * `[merchant-menu location-id="…" format="short"]`, `[merchant-hours]`, `[merchant-actions top]` (a bare name is
 * a boolean that is on), and `[merchant-provider location-id="…"]…[/merchant-provider]` around others.
 * For the classic editor, widgets and page builders; the block editor turns a pasted shortcode into a Shortcode
 * block, which renders the same.
 *
 * @package MerchantElements
 */

defined( 'ABSPATH' ) || exit;

add_action( 'init', 'merchant_elements_register_shortcodes' );

/** Registers one shortcode per element in the table. */
function merchant_elements_register_shortcodes() {
	foreach ( array_keys( merchant_elements_table() ) as $tag ) {
		add_shortcode( $tag, 'merchant_elements_shortcode' );
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
function merchant_elements_shortcode( $atts, $content, $tag ) {
	return merchant_elements_render_element( $tag, merchant_elements_shortcode_attributes( $atts ), null === $content ? '' : do_shortcode( $content ) );
}

/**
 * Shortcode attributes by the element's names: `top` (a bare name) becomes `top => true`; names are lowercased,
 * as HTML's are.
 *
 * @param array|string $atts As WordPress parsed them.
 * @return array<string, mixed>
 */
function merchant_elements_shortcode_attributes( $atts ) {
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
