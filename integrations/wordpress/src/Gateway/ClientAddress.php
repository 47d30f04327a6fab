<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * ClientAddress.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

/**
 * Which address a request comes from, as the per-visitor budget sees it (src/gateway/client-address.ts, with its
 * trusted proxy addresses: addressMatcher). Behind a proxy or CDN the connection's address is the proxy's, and every
 * visitor would share one budget. Each proxy appends the address it received the request from to
 * `X-Forwarded-For`, so only the entries the site's own proxies wrote can be believed, and they are at the
 * right-hand end: walking the list from the right while each address is a trusted proxy, the first one that is not
 * is the visitor. A connection from an address that is not a trusted proxy is the visitor, whatever it sends.
 */
final class ClientAddress {

	/**
	 * The visitor's address.
	 *
	 * @param string   $remote    The connection's address (REMOTE_ADDR).
	 * @param string   $forwarded The X-Forwarded-For header, or ''.
	 * @param string[] $trusted   The site's proxies: addresses and CIDR ranges (`10.0.0.0/8`, `2001:db8::/32`).
	 * @return string
	 */
	public static function client( $remote, $forwarded, array $trusted ) {
		$ranges = self::ranges( $trusted );
		if ( ! $ranges || ! self::matches( $remote, $ranges ) ) {
			return $remote;
		}
		$client = $remote;
		foreach ( array_reverse( explode( ',', $forwarded ) ) as $entry ) {
			$entry = trim( $entry );
			if ( null === self::bytes( $entry ) ) {
				break; // Not an address: nothing to its left can be believed.
			}
			$client = $entry;
			if ( ! self::matches( $entry, $ranges ) ) {
				break;
			}
		}
		return $client;
	}

	/**
	 * Addresses and CIDR ranges as `array( network bytes, prefix length )`; entries that are neither are left out.
	 *
	 * @param string[] $entries Addresses and ranges.
	 * @return array[]
	 */
	public static function ranges( array $entries ) {
		$ranges = array();
		foreach ( $entries as $entry ) {
			$parts = explode( '/', trim( (string) $entry ), 2 );
			$bytes = self::bytes( $parts[0] );
			if ( null === $bytes ) {
				continue;
			}
			$bits = 8 * strlen( $bytes );
			if ( isset( $parts[1] ) && ! preg_match( '/^\d{1,3}$/D', $parts[1] ) ) {
				continue;
			}
			$prefix = isset( $parts[1] ) ? (int) $parts[1] : $bits;
			if ( $prefix <= $bits ) {
				$ranges[] = array( $bytes, $prefix );
			}
		}
		return $ranges;
	}

	/**
	 * Whether an address is in one of the ranges (an IPv4 address only in IPv4 ranges, IPv6 in IPv6 ones).
	 *
	 * @param string  $address An address.
	 * @param array[] $ranges  From ranges().
	 * @return bool
	 */
	public static function matches( $address, array $ranges ) {
		$bytes = self::bytes( $address );
		if ( null === $bytes ) {
			return false;
		}
		foreach ( $ranges as $range ) {
			list( $network, $prefix ) = $range;
			if ( strlen( $network ) !== strlen( $bytes ) ) {
				continue;
			}
			$whole = intdiv( $prefix, 8 );
			$rest  = $prefix % 8;
			if ( substr( $bytes, 0, $whole ) !== substr( $network, 0, $whole ) ) {
				continue;
			}
			$mask = ( 0xFF << ( 8 - $rest ) ) & 0xFF;
			if ( 0 === $rest || ( ord( $bytes[ $whole ] ) & $mask ) === ( ord( $network[ $whole ] ) & $mask ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * An IPv4 or IPv6 address as its 4 or 16 bytes (an IPv4-mapped IPv6 address as IPv4; brackets allowed), or null.
	 *
	 * @param string $text An address.
	 * @return string|null
	 */
	public static function bytes( $text ) {
		$text = trim( (string) $text, " \t[]" );
		if ( '' === $text || ! preg_match( '/^[0-9A-Fa-f:.]+$/D', $text ) ) {
			return null;
		}
		$bytes = inet_pton( $text );
		if ( false === $bytes ) {
			return null;
		}
		if ( 16 === strlen( $bytes ) && 0 === strncmp( $bytes, str_repeat( "\0", 10 ) . "\xFF\xFF", 12 ) ) {
			return substr( $bytes, 12 );
		}
		return $bytes;
	}
}
