<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Url.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

/**
 * The URL standard (https://url.spec.whatwg.org/) for what the contract keeps of a link (src/gateway/normalize/values.ts
 * url()): an absolute http(s) URL whose host is written as it is served, serialized as the Node gateway's
 * `new URL(text).href` does: scheme and host lowercased, default port dropped, empty path as `/`, dot segments
 * resolved, backslashes as slashes, the standard's percent-encode sets.
 *
 * The contract refuses (null) every link whose host the standard would rewrite (a Unicode name, an IPv4 number in
 * another form than dotted decimal, a percent-encoded host), IPv6 hosts, credentials and a `^` in the path, so none
 * of IDNA, punycode or the IPv4 number forms is needed here. One refusal is the PHP's alone: `xn--` labels, whose
 * punycode the standard validates (the Node gateway keeps a valid one).
 */
final class Url {

	/**
	 * Parses an absolute http(s) URL.
	 *
	 * @param string $input The URL text.
	 * @return array|null `scheme`, `host`, `port` (null when default), `path`, `query`, `fragment`
	 *                    (null when absent); null when not an http(s) URL, invalid, or not certain (see above).
	 */
	public static function parse( $input ) {
		if ( ! is_string( $input ) || ! preg_match( '//u', $input ) ) {
			return null;
		}
		$text = preg_replace( '/^[\x00-\x20]+|[\x00-\x20]+$/D', '', $input );
		$text = str_replace( array( "\t", "\n", "\r" ), '', $text );
		if ( ! preg_match( '/^([A-Za-z][A-Za-z0-9+.\-]*):/', $text, $m ) ) {
			return null;
		}
		$scheme = strtolower( $m[1] );
		if ( 'http' !== $scheme && 'https' !== $scheme ) {
			return null;
		}
		// Special authority (ignore) slashes: any run of / and \ before the authority.
		$rest      = ltrim( substr( $text, strlen( $m[0] ) ), '/\\' );
		$length    = strcspn( $rest, '/\\?#' );
		$authority = substr( $rest, 0, $length );
		$rest      = (string) substr( $rest, $length );

		if ( false !== strpos( $authority, '@' ) ) {
			return null; // Credentials: never needed.
		}
		if ( '' !== $authority && '[' === $authority[0] ) {
			return null; // IPv6: not attempted.
		}
		$colon = strpos( $authority, ':' );
		$host  = false === $colon ? $authority : substr( $authority, 0, $colon );
		$port  = null;
		if ( false !== $colon ) {
			$digits = (string) substr( $authority, $colon + 1 );
			if ( ! preg_match( '/^\d*$/D', $digits ) ) {
				return null;
			}
			if ( '' !== $digits ) {
				$digits = ltrim( $digits, '0' );
				if ( strlen( $digits ) > 5 || (int) $digits > 65535 ) {
					return null;
				}
				$port = (int) $digits;
			}
		}
		$host = self::host( $host );
		if ( null === $host ) {
			return null;
		}
		if ( self::default_port( $scheme ) === $port ) {
			$port = null;
		}

		$fragment = null;
		$hash     = strpos( $rest, '#' );
		if ( false !== $hash ) {
			$fragment = self::encode( substr( $rest, $hash + 1 ), ' "<>`' );
			$rest     = substr( $rest, 0, $hash );
		}
		$query    = null;
		$question = strpos( $rest, '?' );
		if ( false !== $question ) {
			$query = self::encode( substr( $rest, $question + 1 ), " \"#<>'" );
			$rest  = substr( $rest, 0, $question );
		}
		if ( false !== strpos( $rest, '^' ) ) {
			return null; // Node versions disagree (see above).
		}
		return array(
			'scheme'   => $scheme,
			'host'     => $host,
			'port'     => $port,
			'path'     => self::path( $rest ),
			'query'    => $query,
			'fragment' => $fragment,
		);
	}

	/**
	 * The URL's href.
	 *
	 * @param array $url A parsed URL.
	 * @return string
	 */
	public static function href( array $url ) {
		return $url['scheme'] . '://' . $url['host'] . ( null === $url['port'] ? '' : ':' . $url['port'] ) . $url['path']
			. ( null === $url['query'] ? '' : '?' . $url['query'] ) . ( null === $url['fragment'] ? '' : '#' . $url['fragment'] );
	}

	/**
	 * The default port of a special scheme.
	 *
	 * @param string $scheme http or https.
	 * @return int
	 */
	public static function default_port( $scheme ) {
		return 'https' === $scheme ? 443 : 80;
	}

	/**
	 * Percent-encodes C0 controls, DEL and non-ASCII bytes, and the characters of `$set`.
	 *
	 * @param string $text UTF-8 text.
	 * @param string $set  The encode set's ASCII characters beyond C0 controls.
	 * @return string
	 */
	public static function encode( $text, $set ) {
		$out    = '';
		$length = strlen( $text );
		for ( $i = 0; $i < $length; $i++ ) {
			$c    = $text[ $i ];
			$byte = ord( $c );
			$out .= ( $byte < 0x20 || $byte > 0x7E || false !== strpos( $set, $c ) ) ? '%' . strtoupper( bin2hex( $c ) ) : $c;
		}
		return $out;
	}

	/**
	 * A special URL's path: segments split on / and \, `.`, `..` and their %2e forms resolved, path percent-encode set.
	 *
	 * @param string $path The path as written (may be empty).
	 * @return string
	 */
	public static function path( $path ) {
		if ( '' !== $path && ( '/' === $path[0] || '\\' === $path[0] ) ) {
			$path = substr( $path, 1 );
		}
		$segments = preg_split( '#[/\\\\]#', $path );
		$out      = array();
		$last     = count( $segments ) - 1;
		foreach ( $segments as $i => $segment ) {
			$segment = self::encode( $segment, ' "#<>?`{}' );
			$lower   = strtolower( $segment );
			if ( in_array( $lower, array( '..', '.%2e', '%2e.', '%2e%2e' ), true ) ) {
				array_pop( $out );
				if ( $i === $last ) {
					$out[] = '';
				}
			} elseif ( '.' === $lower || '%2e' === $lower ) {
				if ( $i === $last ) {
					$out[] = '';
				}
			} else {
				$out[] = $segment;
			}
		}
		return '/' . implode( '/', $out );
	}

	/**
	 * A special URL's host as the contract keeps it: ASCII, lowercased; a host that ends in a number only as dotted
	 * decimal IPv4 (the standard's IPv4 parser would rewrite any other form); null for anything else.
	 *
	 * @param string $host The host as written.
	 * @return string|null
	 */
	public static function host( $host ) {
		$host = strtolower( $host );
		if ( '' === $host || preg_match( '/[^\x21-\x7E]|[#%\/:<>?@\[\\\\\]^|]|(^|\.)xn--/', $host ) ) {
			return null;
		}
		$labels = explode( '.', preg_replace( '/\.$/D', '', $host ) );
		$octet  = '(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)';
		if ( preg_match( '/^(\d+|0x[0-9a-f]*)$/D', end( $labels ) ) && ! preg_match( '/^' . $octet . '(\.' . $octet . '){3}$/D', $host ) ) {
			return null;
		}
		return $host;
	}
}
