<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * UpstreamClient.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a GatewayError's message ends in a JSON error resource {error, message, status_code} (wp_json_encode), never in HTML; messages are written here, never copied from a URL.

/**
 * The upstream's request signature, byte for byte as src/signing/signature.ts, and the query builder of
 * src/gateway/upstream.ts (encodeStrict, query).
 */
final class UpstreamClient {

	/**
	 * Percent-encodes everything but RFC 3986's unreserved characters (encodeStrict): exactly rawurlencode().
	 *
	 * @param string $value UTF-8 text.
	 * @return string
	 */
	public static function encode_strict( $value ) {
		return rawurlencode( (string) $value );
	}

	/**
	 * `?a=1&b=2` from the non-null, non-empty parameters, in order (the order is part of what is signed).
	 *
	 * @param array $params Name => string|int|float|bool|null.
	 * @return string
	 */
	public static function query( array $params ) {
		$pairs = array();
		foreach ( $params as $name => $value ) {
			if ( null === $value || '' === $value ) {
				continue;
			}
			if ( is_bool( $value ) ) {
				$value = $value ? 'true' : 'false';
			} elseif ( is_int( $value ) || is_float( $value ) ) {
				$value = Js::string( $value );
			}
			$pairs[] = self::encode_strict( (string) $name ) . '=' . self::encode_strict( $value );
		}
		return $pairs ? '?' . implode( '&', $pairs ) : '';
	}

	/**
	 * Decodes an upstream body as JSON.parse does: objects stay objects (\stdClass), a UTF-8 BOM is skipped (as
	 * TextDecoder does), invalid UTF-8 becomes U+FFFD.
	 *
	 * @param string $text Body.
	 * @param bool   $ok   Set to whether it was JSON.
	 * @return mixed
	 */
	public static function json_decode( $text, &$ok ) {
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
	 * @throws GatewayError Like the Node client.
	 */
	public static function interpret( $api, $status, array $headers, $body_text ) {
		$status = (int) $status;
		// A signed URL is never followed elsewhere (the signature would go with it): a redirect counts as unreachable.
		if ( $status >= 300 && $status < 400 ) {
			throw new GatewayError( 502, 'UPSTREAM_UNAVAILABLE', 'The ' . $api . ' API could not be reached.' );
		}
		if ( $status >= 500 ) {
			throw new GatewayError( 502, 'UPSTREAM_ERROR', 'The ' . $api . ' API failed (status ' . $status . ').' );
		}
		$ok   = false;
		$body = self::json_decode( (string) $body_text, $ok );
		if ( ! $ok ) {
			throw new GatewayError( 502, 'UPSTREAM_MALFORMED', 'The ' . $api . ' API sent an answer that is not JSON.' );
		}
		if ( 404 === $status ) {
			return array(
				'status' => $status,
				'body'   => $body,
				'next'   => null,
			);
		}
		if ( 401 === $status || 403 === $status ) {
			throw new GatewayError( 502, 'UPSTREAM_AUTH', 'The ' . $api . " API refused the gateway's credentials." );
		}
		if ( 429 === $status ) {
			$header = isset( $headers['retry-after'] ) ? Js::trim( (string) $headers['retry-after'] ) : '';
			$retry  = Js::number_from_text( $header );
			throw new GatewayError( 503, 'UPSTREAM_RATE_LIMITED', 'The ' . $api . ' API is rate limiting the gateway; try again shortly.', ( is_finite( $retry ) && $retry > 0 ) ? $retry : 5 );
		}
		if ( $status >= 400 ) {
			$resource = self::error_resource( $body );
			throw new GatewayError(
				400 === $status ? 400 : 502,
				null !== $resource ? $resource['error'] : 'UPSTREAM_REJECTED',
				null !== $resource ? $resource['message'] : 'The ' . $api . ' API refused the request (status ' . $status . ').'
			);
		}
		if ( $status < 200 || $status > 299 ) {
			throw new GatewayError( 502, 'UPSTREAM_ERROR', 'The ' . $api . ' API answered with status ' . $status . '.' );
		}
		if ( 'publisher' === $api ) {
			// Success is `{code, data}`; `data.next` pages the updated_since list.
			if ( ! is_object( $body ) || ! property_exists( $body, 'data' ) ) {
				throw new GatewayError( 502, 'UPSTREAM_MALFORMED', 'The publisher API sent an answer without data.' );
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
			'next'   => self::next_from_link( isset( $headers['link'] ) ? (string) $headers['link'] : null ),
		);
	}

	/**
	 * The `Link: <...>; rel="next"` target.
	 *
	 * @param string|null $header The Link header.
	 * @return string|null
	 */
	public static function next_from_link( $header ) {
		if ( null === $header || '' === $header ) {
			return null;
		}
		foreach ( explode( ',', $header ) as $part ) {
			if ( preg_match( '/<([^>]*)>\s*;(.*)$/Ds', Js::trim( $part ), $m ) && preg_match( '/rel="?next"?/i', $m[2] ) ) {
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
	public static function error_resource( $body ) {
		if ( ! is_object( $body ) && ! is_array( $body ) ) {
			return null;
		}
		$error   = is_object( $body ) && isset( $body->error ) ? $body->error : null;
		$message = is_object( $body ) && isset( $body->message ) ? $body->message : null;
		if ( ! is_string( $error ) || ! preg_match( '/^[A-Z0-9_]{1,64}$/D', $error ) ) {
			return null;
		}
		$safe = is_string( $message ) && Js::length( $message ) <= 300 && ! preg_match( '/[?&]|signature|client=/i', $message );
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
	 * @throws GatewayError For a link outside the base URL.
	 */
	public static function relative_next( $api, $base, $next ) {
		if ( preg_match( '#^https?://#i', $next ) ) {
			if ( 0 !== strpos( $next, $base . '/' ) ) {
				throw new GatewayError( 502, 'UPSTREAM_MALFORMED', 'The ' . $api . ' API sent a next link outside its base URL.' );
			}
			return substr( $next, strlen( $base ) );
		}
		$parsed    = Url::parse( $base );
		$base_path = null === $parsed ? '' : preg_replace( '#/$#', '', $parsed['path'] );
		if ( '' !== $base_path && 0 === strpos( $next, $base_path . '/' ) ) {
			return substr( $next, strlen( $base_path ) );
		}
		return ( '' !== $next && '/' === $next[0] ) ? $next : '/' . $next;
	}
}
