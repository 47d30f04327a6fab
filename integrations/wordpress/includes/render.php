<?php
/**
 * An element's markup from attributes, for blocks and shortcodes alike: only the attributes the element table
 * lists, each checked against its kind and escaped; a boolean is a bare attribute when on and absent when off.
 *
 * @package MerchantElements
 */

defined( 'ABSPATH' ) || exit;

/**
 * The markup of one element.
 *
 * @param string               $tag     The element's tag (must be in the element table).
 * @param array<string, mixed> $atts    Attributes by the element's names; unknown ones are dropped.
 * @param string               $content Markup already rendered for inside the element (a provider's children).
 * @return string
 */
function merchant_elements_render_element( $tag, array $atts, $content = '' ) {
	$table = merchant_elements_table();
	if ( ! isset( $table[ $tag ] ) ) {
		return '';
	}
	merchant_elements_mark_used();
	$markup = '';
	foreach ( $table[ $tag ]['attributes'] as $name => $spec ) {
		if ( ! array_key_exists( $name, $atts ) ) {
			continue;
		}
		$value = merchant_elements_attribute_value( $spec, $atts[ $name ] );
		if ( true === $value ) {
			$markup .= ' ' . $name;
		} elseif ( is_string( $value ) && '' !== $value ) {
			$markup .= ' ' . $name . '="' . esc_attr( $value ) . '"';
		}
	}
	return '<' . $tag . $markup . '>' . $content . '</' . $tag . '>';
}

/**
 * An attribute's value as written into the element: true for an enabled boolean, a string otherwise, null to
 * leave it out (off, empty, or not one of the allowed values).
 *
 * @param array $spec  The attribute's entry in the element table.
 * @param mixed $value As given by a block (typed) or a shortcode (text).
 * @return true|string|null
 */
function merchant_elements_attribute_value( array $spec, $value ) {
	switch ( $spec['kind'] ) {
		case 'boolean':
			if ( is_string( $value ) ) {
				$value = ! in_array( strtolower( trim( $value ) ), array( 'false', '0', 'no', 'off' ), true );
			}
			return $value ? true : null;
		case 'choice':
			$value = is_scalar( $value ) ? strtolower( trim( (string) $value ) ) : '';
			return in_array( $value, (array) $spec['values'], true ) ? $value : null;
		case 'number':
			return is_numeric( $value ) ? (string) ( 0 + $value ) : null;
		default:
			return is_scalar( $value ) ? trim( (string) $value ) : null;
	}
}
