<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Signature.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

/**
 * The upstream's request signature, byte for byte as src/signing/signature.ts, and the query builder of
 * src/gateway/upstream.ts (encodeStrict, query).
 */
final class Signature {

	/**
	 * JavaScript's encodeURIComponent: rawurlencode() with ! ' ( ) * kept.
	 *
	 * @param string $value UTF-8 text.
	 * @return string
	 */
	public static function encode_uri_component( $value ) {
		return strtr(
			rawurlencode( (string) $value ),
			array(
				'%21' => '!',
				'%27' => "'",
				'%28' => '(',
				'%29' => ')',
				'%2A' => '*',
			)
		);
	}

	/**
	 * Removes `client=` and `signature=` parameters without re-encoding the others.
	 *
	 * @param string $path_and_query Path with its query.
	 * @return string
	 */
	public static function strip_credentials( $path_and_query ) {
		$q = strpos( $path_and_query, '?' );
		if ( false === $q ) {
			return $path_and_query;
		}
		$kept = array();
		foreach ( explode( '&', substr( $path_and_query, $q + 1 ) ) as $pair ) {
			if ( '' !== $pair && ! preg_match( '/^(client|signature)(=|$)/D', $pair ) ) {
				$kept[] = $pair;
			}
		}
		return $kept ? substr( $path_and_query, 0, $q ) . '?' . implode( '&', $kept ) : substr( $path_and_query, 0, $q );
	}

	/**
	 * The signature base: the path and query as sent, with `client=<id>` as the last parameter.
	 *
	 * @param string $path_and_query Path with its query.
	 * @param string $client_id      Client id.
	 * @return string
	 */
	public static function signature_base( $path_and_query, $client_id ) {
		$separator = false !== strpos( $path_and_query, '?' ) ? '&' : '?';
		return $path_and_query . $separator . 'client=' . self::encode_uri_component( $client_id );
	}

	/**
	 * Base64 HMAC-SHA1 of the base, keyed with the key's text as bytes.
	 *
	 * @param string $base        The signature base.
	 * @param string $signing_key The signing key.
	 * @return string
	 */
	public static function compute_signature( $base, $signing_key ) {
		return base64_encode( hash_hmac( 'sha1', $base, $signing_key, true ) ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- the upstream's signature is Base64.
	}

	/**
	 * The path to request: `<path>?<query>&client=<id>&signature=<percent-encoded base64>`; any client or signature
	 * already there (a next link) is removed first.
	 *
	 * @param string $path_and_query Path with its query, exactly as it will be sent.
	 * @param string $client_id      Client id.
	 * @param string $signing_key    Signing key.
	 * @return string
	 */
	public static function sign_path( $path_and_query, $client_id, $signing_key ) {
		$base = self::signature_base( self::strip_credentials( $path_and_query ), $client_id );
		return $base . '&signature=' . self::encode_uri_component( self::compute_signature( $base, $signing_key ) );
	}
}
