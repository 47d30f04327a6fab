<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Url.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

/**
 * The URL standard (https://url.spec.whatwg.org/) for what the contract needs: an absolute http(s) URL from the
 * upstream's data (a website, a photo, an action's link), serialized as the Node gateway's `new URL(text).href`
 * does: scheme and host lowercased, default port dropped, empty path as `/`, dot segments resolved, backslashes as
 * slashes, the standard's percent-encode sets, IPv4 in all its forms (`http://0x7f.1/`), IDN hosts to punycode.
 *
 * A URL is refused (null), never turned into another URL, where the answer is not certain:
 * - where Node versions disagree, so a Node upgrade cannot change the golden fixtures: `^` in a path (Node 20 and
 *   22 write it as is, Node 24 and 26 as `%5E`, after the standard added it to the path percent-encode set);
 * - where exact parity is impractical without ICU (PHP's intl is often missing): IPv6 hosts, `xn--` labels (the
 *   standard validates their punycode), and non-ASCII host characters outside the small set whose UTS #46 mapping
 *   is known here (lowercase Latin-1, Greek and Cyrillic letters, their capitals, CJK ideographs, kana and Hangul);
 * - what the contract never needs: credentials in the URL (`user:password@host`), which no link shown to a
 *   diner should carry.
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
	 * A special URL's host: percent-decoded, domain to ASCII (see the file's comment for what is refused), IPv4 numbers
	 * in any of their forms serialized as dotted decimal.
	 *
	 * @param string $host The host as written.
	 * @return string|null
	 */
	public static function host( $host ) {
		if ( '' === $host ) {
			return null;
		}
		$host = rawurldecode( $host );
		if ( ! preg_match( '//u', $host ) ) {
			return null;
		}
		$labels = array();
		foreach ( explode( '.', $host ) as $label ) {
			if ( preg_match( '/^[\x00-\x7F]*$/D', $label ) ) {
				$label = strtolower( $label );
				if ( 'xn--' === substr( $label, 0, 4 ) ) {
					return null; // The standard decodes and validates the punycode: not attempted.
				}
				$labels[] = $label;
				continue;
			}
			$points = array();
			foreach ( Js::code_points( $label ) as $point ) {
				$mapped = self::idna_map( $point );
				if ( null === $mapped ) {
					return null;
				}
				$points[] = $mapped;
			}
			$labels[] = 'xn--' . self::punycode( $points );
		}
		$ascii = implode( '.', $labels );
		if ( '' === $ascii || preg_match( '/[\x00-\x20#%\/:<>?@\[\\\\\]^|\x7F]/', $ascii ) ) {
			return null;
		}
		if ( self::ends_in_number( $ascii ) ) {
			return self::ipv4( $ascii );
		}
		return $ascii;
	}

	/**
	 * UTS #46 mapping of one non-ASCII code point, for the code points where it is known here; null otherwise.
	 *
	 * @param int $point A code point.
	 * @return int|null
	 */
	public static function idna_map( $point ) {
		if ( $point < 0x80 ) {
			return ( $point >= 0x41 && $point <= 0x5A ) ? $point + 0x20 : $point;
		}
		$identity = array(
			array( 0x00DF, 0x00F6 ),
			array( 0x00F8, 0x00FF ),
			array( 0x03AC, 0x03CE ),
			array( 0x0430, 0x045F ),
			array( 0x3041, 0x3096 ),
			array( 0x30A1, 0x30F6 ),
			array( 0x4E00, 0x9FA5 ),
			array( 0xAC00, 0xD7A3 ),
		);
		foreach ( $identity as $range ) {
			if ( $point >= $range[0] && $point <= $range[1] ) {
				return $point;
			}
		}
		if ( ( $point >= 0x00C0 && $point <= 0x00D6 ) || ( $point >= 0x00D8 && $point <= 0x00DE ) || ( $point >= 0x0391 && $point <= 0x03A9 && 0x03A2 !== $point ) || ( $point >= 0x0410 && $point <= 0x042F ) ) {
			return $point + 0x20;
		}
		if ( $point >= 0x0400 && $point <= 0x040F ) {
			return $point + 0x50;
		}
		return null;
	}

	/**
	 * Whether a host ends in a number (the standard's "ends in a number checker").
	 *
	 * @param string $host ASCII host.
	 * @return bool
	 */
	public static function ends_in_number( $host ) {
		$parts = explode( '.', $host );
		if ( '' === end( $parts ) ) {
			if ( 1 === count( $parts ) ) {
				return false;
			}
			array_pop( $parts );
		}
		$last = end( $parts );
		if ( '' !== $last && preg_match( '/^\d+$/D', $last ) ) {
			return true;
		}
		return null !== self::ipv4_number( $last );
	}

	/**
	 * An IPv4 number part: decimal, 0x hexadecimal or 0-prefixed octal; null when not one. Values past 2^32 are INF.
	 *
	 * @param string $part The part.
	 * @return float|null
	 */
	public static function ipv4_number( $part ) {
		if ( '' === $part ) {
			return null;
		}
		if ( preg_match( '/^0[xX]([0-9a-fA-F]*)$/D', $part, $m ) ) {
			$digits = ltrim( $m[1], '0' );
			return strlen( $digits ) > 9 ? INF : (float) ( '' === $digits ? 0 : hexdec( $digits ) );
		}
		if ( strlen( $part ) > 1 && '0' === $part[0] ) {
			if ( ! preg_match( '/^[0-7]+$/D', $part ) ) {
				return null;
			}
			$digits = ltrim( $part, '0' );
			return strlen( $digits ) > 12 ? INF : (float) ( '' === $digits ? 0 : octdec( $digits ) );
		}
		if ( ! preg_match( '/^\d+$/D', $part ) ) {
			return null;
		}
		$digits = ltrim( $part, '0' );
		return strlen( $digits ) > 11 ? INF : (float) $part;
	}

	/**
	 * The IPv4 parser: dotted decimal, or null (failure).
	 *
	 * @param string $host ASCII host that ends in a number.
	 * @return string|null
	 */
	public static function ipv4( $host ) {
		$parts = explode( '.', $host );
		if ( '' === end( $parts ) && count( $parts ) > 1 ) {
			array_pop( $parts );
		}
		$count = count( $parts );
		if ( $count > 4 ) {
			return null;
		}
		$numbers = array();
		foreach ( $parts as $part ) {
			$number = self::ipv4_number( $part );
			if ( null === $number ) {
				return null;
			}
			$numbers[] = $number;
		}
		for ( $i = 0; $i < $count - 1; $i++ ) {
			if ( $numbers[ $i ] > 255 ) {
				return null;
			}
		}
		if ( $numbers[ $count - 1 ] >= pow( 256, 5 - $count ) ) {
			return null;
		}
		$address = $numbers[ $count - 1 ];
		for ( $i = 0; $i < $count - 1; $i++ ) {
			$address += $numbers[ $i ] * pow( 256, 3 - $i );
		}
		$address = (int) $address;
		return ( ( $address >> 24 ) & 255 ) . '.' . ( ( $address >> 16 ) & 255 ) . '.' . ( ( $address >> 8 ) & 255 ) . '.' . ( $address & 255 );
	}

	/**
	 * Punycode (RFC 3492) of a label's code points, without the `xn--` prefix.
	 *
	 * @param int[] $points Code points.
	 * @return string
	 */
	public static function punycode( array $points ) {
		$base   = 36;
		$output = '';
		foreach ( $points as $point ) {
			if ( $point < 0x80 ) {
				$output .= chr( $point );
			}
		}
		$basic   = strlen( $output );
		$handled = $basic;
		if ( $basic > 0 ) {
			$output .= '-';
		}
		$n     = 128;
		$delta = 0;
		$bias  = 72;
		$total = count( $points );
		$digit = function ( $d ) {
			return chr( $d < 26 ? $d + 97 : $d + 22 );
		};
		while ( $handled < $total ) {
			$m = PHP_INT_MAX;
			foreach ( $points as $point ) {
				if ( $point >= $n && $point < $m ) {
					$m = $point;
				}
			}
			$delta += ( $m - $n ) * ( $handled + 1 );
			$n      = $m;
			foreach ( $points as $point ) {
				if ( $point < $n ) {
					++$delta;
				}
				if ( $point === $n ) {
					$q = $delta;
					for ( $k = $base; ; $k += $base ) {
						$t = $k <= $bias ? 1 : ( $k >= $bias + 26 ? 26 : $k - $bias );
						if ( $q < $t ) {
							break;
						}
						$output .= $digit( $t + ( $q - $t ) % ( $base - $t ) );
						$q       = intdiv( $q - $t, $base - $t );
					}
					$output .= $digit( $q );
					// Bias adaptation.
					$delta_adapt  = $handled === $basic ? intdiv( $delta, 700 ) : intdiv( $delta, 2 );
					$delta_adapt += intdiv( $delta_adapt, $handled + 1 );
					$k            = 0;
					while ( $delta_adapt > 455 ) {
						$delta_adapt = intdiv( $delta_adapt, 35 );
						$k          += $base;
					}
					$bias  = $k + intdiv( 36 * $delta_adapt, $delta_adapt + 38 );
					$delta = 0;
					++$handled;
				}
			}
			++$delta;
			++$n;
		}
		return $output;
	}
}
