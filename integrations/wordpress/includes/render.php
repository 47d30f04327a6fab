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
	$values = array();
	foreach ( $table[ $tag ]['attributes'] as $name => $spec ) {
		if ( ! array_key_exists( $name, $atts ) ) {
			continue;
		}
		$value = merchant_elements_attribute_value( $spec, $atts[ $name ] );
		if ( true === $value ) {
			$markup         .= ' ' . $name;
			$values[ $name ] = '';
		} elseif ( is_string( $value ) && '' !== $value ) {
			$markup         .= ' ' . $name . '="' . esc_attr( $value ) . '"';
			$values[ $name ] = $value;
		}
	}
	// The element with its content in the HTML (server-rendered by the gateway), when the gateway can; else the plain
	// element, which loads in the browser. A provider holds other elements and is never server-rendered itself.
	if ( '' === $content ) {
		$rendered = merchant_elements_server_render( $tag, $values );
		if ( null !== $rendered ) {
			return $rendered;
		}
	}
	return '<' . $tag . $markup . '>' . $content . '</' . $tag . '>';
}

/** How long a server-rendered element is kept (the gateway's own cache answers the next request in any case). */
const MERCHANT_ELEMENTS_RENDER_TTL = 300;

/**
 * The element server-rendered by the site's gateway (GET /v1/locations/{id}/render/{element}), kept in a transient;
 * null on any failure (no gateway or location set, a slow or failing gateway, an answer that is not an element),
 * so a page never waits long on the gateway and never breaks: the caller prints the plain element instead.
 *
 * The HTML is printed as the gateway wrote it: it comes only from the gateway an administrator configured (never
 * from an attribute in a post), which renders upstream text as text.
 *
 * @param string                $tag    The element's tag.
 * @param array<string, string> $values Its attributes, checked (a boolean that is on: '').
 * @return string|null
 */
function merchant_elements_server_render( $tag, array $values ) {
	$endpoint = rtrim( (string) get_option( 'merchant_elements_endpoint', '' ), '/' );
	$location = isset( $values['location-id'] ) ? $values['location-id'] : (string) get_option( 'merchant_elements_location_id', '' );
	if ( '' === $endpoint || '' === $location ) {
		return null;
	}
	unset( $values['location-id'] );
	// The site's theme and language, as the page-defaults meta tag gives them to the elements in the browser.
	foreach ( array( 'theme' => 'merchant_elements_theme', 'locale' => 'merchant_elements_locale' ) as $name => $option ) {
		$default = (string) get_option( $option, '' );
		if ( ! isset( $values[ $name ] ) && '' !== $default ) {
			$values[ $name ] = $default;
		}
	}
	ksort( $values );
	$url = $endpoint . '/v1/locations/' . rawurlencode( $location ) . '/render/' . rawurlencode( substr( $tag, strlen( 'merchant-' ) ) );
	if ( $values ) {
		$url .= '?' . http_build_query( $values, '', '&', PHP_QUERY_RFC3986 );
	}
	$key    = 'merchant_elements_render_' . md5( $url );
	$cached = get_transient( $key );
	if ( is_string( $cached ) && '' !== $cached ) {
		return $cached;
	}
	$response = wp_remote_get(
		$url,
		array(
			'timeout'     => 2,
			'redirection' => 0,
			'headers'     => array( 'accept' => 'text/html' ),
		)
	);
	if ( is_wp_error( $response ) || 200 !== wp_remote_retrieve_response_code( $response ) ) {
		return null;
	}
	$html = (string) wp_remote_retrieve_body( $response );
	// Only an element of the kind asked for, whole.
	if ( false === strpos( $html, '<' . $tag . ' ' ) || false === strpos( $html, '</' . $tag . '>' ) ) {
		return null;
	}
	set_transient( $key, $html, MERCHANT_ELEMENTS_RENDER_TTL );
	return $html;
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
