<?php
/**
 * What the upstream client of src/gateway/upstream.ts does with an answer, without the HTTP (the WordPress
 * transport signs, fetches, then calls merchant_elements_interpret_upstream()): the JSON parse, the status rules,
 * the Publisher's `{code, data}` envelope, the next link, and the upstream's own error resources.
 *
 * @package Merchant_Elements
 */

defined( 'ABSPATH' ) || defined( 'MERCHANT_ELEMENTS_CORE' ) || exit;

/**
 * The upstream APIs, as the resources use them.
 */
interface Merchant_Elements_Upstream {

	/**
	 * GETs a path (relative to the API's base URL, already encoded, not yet signed).
	 *
	 * @param string $api            `actions` or `publisher`.
	 * @param string $path_and_query Path with its query.
	 * @return array `status` (2xx or 404), `body` (decoded JSON: objects as stdClass), `next` (string|null).
	 * @throws Merchant_Elements_Error For every other answer and for transport failures.
	 */
	public function get( $api, $path_and_query );
}

/**
 * Decodes an upstream body as JSON.parse does: objects stay objects (stdClass), a UTF-8 BOM is skipped (as
 * TextDecoder does), invalid UTF-8 becomes U+FFFD.
 *
 * @param string $text Body.
 * @param bool   $ok   Set to whether it was JSON.
 * @return mixed
 */
function merchant_elements_json_decode( $text, &$ok ) {
	if ( 0 === strncmp( $text, "\xEF\xBB\xBF", 3 ) ) {
		$text = substr( $text, 3 );
	}
	$value = json_decode( $text, false, 100000, JSON_INVALID_UTF8_SUBSTITUTE );
	$ok    = JSON_ERROR_NONE === json_last_error();
	return $value;
}

/**
 * An upstream answer, interpreted (UpstreamClient.get after the fetch, and .interpret).
 *
 * @param string $api       `actions` or `publisher`.
 * @param int    $status    HTTP status.
 * @param array  $headers   Lower-case header name => value (`link`, `retry-after`).
 * @param string $body_text The body.
 * @return array `status`, `body`, `next`.
 * @throws Merchant_Elements_Error Like the Node client.
 */
function merchant_elements_interpret_upstream( $api, $status, array $headers, $body_text ) {
	$status = (int) $status;
	// A signed URL is never followed elsewhere (the signature would go with it): a redirect counts as unreachable.
	if ( $status >= 300 && $status < 400 ) {
		throw new Merchant_Elements_Error( 502, 'UPSTREAM_UNAVAILABLE', 'The ' . $api . ' API could not be reached.' );
	}
	if ( $status >= 500 ) {
		throw new Merchant_Elements_Error( 502, 'UPSTREAM_ERROR', 'The ' . $api . ' API failed (status ' . $status . ').' );
	}
	$ok   = false;
	$body = merchant_elements_json_decode( (string) $body_text, $ok );
	if ( ! $ok ) {
		throw new Merchant_Elements_Error( 502, 'UPSTREAM_MALFORMED', 'The ' . $api . ' API sent an answer that is not JSON.' );
	}
	if ( 404 === $status ) {
		return array(
			'status' => $status,
			'body'   => $body,
			'next'   => null,
		);
	}
	if ( 401 === $status || 403 === $status ) {
		throw new Merchant_Elements_Error( 502, 'UPSTREAM_AUTH', 'The ' . $api . " API refused the gateway's credentials." );
	}
	if ( 429 === $status ) {
		$header = isset( $headers['retry-after'] ) ? merchant_elements_js_trim( (string) $headers['retry-after'] ) : '';
		$retry  = merchant_elements_js_number_from_text( $header );
		throw new Merchant_Elements_Error( 503, 'UPSTREAM_RATE_LIMITED', 'The ' . $api . ' API is rate limiting the gateway; try again shortly.', ( is_finite( $retry ) && $retry > 0 ) ? $retry : 5 );
	}
	if ( $status >= 400 ) {
		$resource = merchant_elements_upstream_error_resource( $body );
		throw new Merchant_Elements_Error(
			400 === $status ? 400 : 502,
			null !== $resource ? $resource['error'] : 'UPSTREAM_REJECTED',
			null !== $resource ? $resource['message'] : 'The ' . $api . ' API refused the request (status ' . $status . ').'
		);
	}
	if ( $status < 200 || $status > 299 ) {
		throw new Merchant_Elements_Error( 502, 'UPSTREAM_ERROR', 'The ' . $api . ' API answered with status ' . $status . '.' );
	}
	if ( 'publisher' === $api ) {
		// Success is `{code, data}`; `data.next` pages the updated_since list.
		if ( ! is_object( $body ) || ! property_exists( $body, 'data' ) ) {
			throw new Merchant_Elements_Error( 502, 'UPSTREAM_MALFORMED', 'The publisher API sent an answer without data.' );
		}
		$data = $body->data;
		$next = ( is_object( $data ) && isset( $data->next ) && is_string( $data->next ) && '' !== $data->next ) ? $data->next : null;
		return array(
			'status' => $status,
			'body'   => $data,
			'next'   => $next,
		);
	}
	return array(
		'status' => $status,
		'body'   => $body,
		'next'   => merchant_elements_next_from_link( isset( $headers['link'] ) ? (string) $headers['link'] : null ),
	);
}

/**
 * The `Link: <...>; rel="next"` target.
 *
 * @param string|null $header The Link header.
 * @return string|null
 */
function merchant_elements_next_from_link( $header ) {
	if ( null === $header || '' === $header ) {
		return null;
	}
	foreach ( explode( ',', $header ) as $part ) {
		if ( preg_match( '/<([^>]*)>\s*;(.*)$/Ds', merchant_elements_js_trim( $part ), $m ) && preg_match( '/rel="?next"?/i', $m[2] ) ) {
			return $m[1];
		}
	}
	return null;
}

/**
 * The upstream's own error resource, names kept, messages checked for safety (no URL or query that could echo
 * credentials); null when the body is not one.
 *
 * @param mixed $body Decoded body.
 * @return array|null `error`, `message`.
 */
function merchant_elements_upstream_error_resource( $body ) {
	if ( ! is_object( $body ) && ! is_array( $body ) ) {
		return null;
	}
	$error   = is_object( $body ) && isset( $body->error ) ? $body->error : null;
	$message = is_object( $body ) && isset( $body->message ) ? $body->message : null;
	if ( ! is_string( $error ) || ! preg_match( '/^[A-Z0-9_]{1,64}$/D', $error ) ) {
		return null;
	}
	$safe = is_string( $message ) && merchant_elements_js_length( $message ) <= 300 && ! preg_match( '/[?&]|signature|client=/i', $message );
	return array(
		'error'   => $error,
		'message' => $safe ? $message : 'The upstream refused the request.',
	);
}

/**
 * A `next` link as a path relative to the API's base URL (UpstreamClient.relativeNext); links to another host are
 * refused, since they would receive the signature.
 *
 * @param string $api  `actions` or `publisher`, for the message.
 * @param string $base The API's base URL, without trailing slash.
 * @param string $next The link.
 * @return string
 * @throws Merchant_Elements_Error For a link outside the base URL.
 */
function merchant_elements_relative_next( $api, $base, $next ) {
	if ( preg_match( '#^https?://#i', $next ) ) {
		if ( 0 !== strpos( $next, $base . '/' ) ) {
			throw new Merchant_Elements_Error( 502, 'UPSTREAM_MALFORMED', 'The ' . $api . ' API sent a next link outside its base URL.' );
		}
		return substr( $next, strlen( $base ) );
	}
	$parsed    = merchant_elements_url_parse( $base );
	$base_path = null === $parsed ? '' : preg_replace( '#/$#', '', $parsed['path'] );
	if ( '' !== $base_path && 0 === strpos( $next, $base_path . '/' ) ) {
		return substr( $next, strlen( $base_path ) );
	}
	return ( '' !== $next && '/' === $next[0] ) ? $next : '/' . $next;
}
