<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Values.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Normalize;

use MerchantElements\Gateway\Js;
use MerchantElements\Gateway\Url;

defined( 'ABSPATH' ) || exit;

/**
 * Primitive normalizers, a port of src/gateway/normalize/values.ts: each takes any decoded JSON value (objects as
 * \stdClass, so objects and lists stay apart) and returns one clean form or null.
 */
final class Values {

	/**
	 * Trimmed non-empty text; numbers become text as String(number) writes them.
	 *
	 * @param mixed $value Any JSON value.
	 * @return string|null
	 */
	public static function text( $value ) {
		if ( is_string( $value ) ) {
			$trimmed = Js::trim( $value );
			return '' === $trimmed ? null : $trimmed;
		}
		if ( Js::is_number( $value ) && Js::is_finite( $value ) ) {
			return Js::string( $value );
		}
		return null;
	}

	/**
	 * Text kept as sent except for surrounding blanks.
	 *
	 * @param mixed $value Any JSON value.
	 * @return string|null
	 */
	public static function long_text( $value ) {
		if ( ! is_string( $value ) ) {
			return null;
		}
		$trimmed = Js::trim( $value );
		return '' === $trimmed ? null : $trimmed;
	}

	/**
	 * An id as text: integers (safe ones only) and text.
	 *
	 * @param mixed $value Any JSON value.
	 * @return string|null
	 */
	public static function id( $value ) {
		if ( Js::is_number( $value ) ) {
			$value = Js::num( $value );
			if ( is_int( $value ) ) {
				return (string) $value;
			}
			return ( is_finite( $value ) && floor( $value ) === $value && abs( $value ) <= 9007199254740991 ) ? Js::string( $value ) : null;
		}
		return self::text( $value );
	}

	/**
	 * A finite number from a number or numeric text (Number() rules).
	 *
	 * @param mixed $value Any JSON value.
	 * @return int|float|null
	 */
	public static function number( $value ) {
		if ( Js::is_number( $value ) ) {
			$value = Js::num( $value );
			return Js::is_finite( $value ) ? $value : null;
		}
		if ( is_string( $value ) ) {
			$trimmed = Js::trim( $value );
			if ( '' !== $trimmed ) {
				$parsed = Js::number_from_text( $trimmed );
				return Js::is_finite( $parsed ) ? Js::num( $parsed ) : null;
			}
		}
		return null;
	}

	/**
	 * An order number, or the fallback.
	 *
	 * @param mixed $value    Any JSON value.
	 * @param int   $fallback Input position.
	 * @return int|float
	 */
	public static function order( $value, $fallback ) {
		$parsed = self::number( $value );
		return null === $parsed ? $fallback : $parsed;
	}

	/**
	 * Booleans as booleans, true/false, 1/0, yes/no, y/n, t/f; null otherwise.
	 *
	 * @param mixed $value Any JSON value.
	 * @return bool|null
	 */
	public static function bool( $value ) {
		if ( is_bool( $value ) ) {
			return $value;
		}
		if ( Js::is_number( $value ) ) {
			if ( 1 == $value ) { // phpcs:ignore Universal.Operators.StrictComparisons -- 1 and 1.0 alike, as in JavaScript.
				return true;
			}
			return 0 == $value ? false : null; // phpcs:ignore Universal.Operators.StrictComparisons
		}
		if ( is_string( $value ) ) {
			$t = Js::lower( Js::trim( $value ) );
			if ( in_array( $t, array( 'true', '1', 'yes', 'y', 't' ), true ) ) {
				return true;
			}
			if ( in_array( $t, array( 'false', '0', 'no', 'n', 'f' ), true ) ) {
				return false;
			}
		}
		return null;
	}

	/**
	 * A list of text: a list, or comma-separated text.
	 *
	 * @param mixed $value Any JSON value.
	 * @return string[]
	 */
	public static function string_list( $value ) {
		$list = array();
		if ( is_string( $value ) ) {
			foreach ( explode( ',', $value ) as $item ) {
				$item = Js::trim( $item );
				if ( '' !== $item ) {
					$list[] = $item;
				}
			}
			return $list;
		}
		foreach ( is_array( $value ) ? $value : array() as $item ) {
			$item = self::text( $item );
			if ( null !== $item ) {
				$list[] = $item;
			}
		}
		return $list;
	}

	/**
	 * Days from 1970-01-01 to a proleptic Gregorian date.
	 *
	 * @param int $year  Year.
	 * @param int $month 1-12.
	 * @param int $day   Day of the month.
	 * @return int
	 */
	public static function days_from_civil( $year, $month, $day ) {
		$year -= $month <= 2 ? 1 : 0;
		$era   = intdiv( $year >= 0 ? $year : $year - 399, 400 );
		$yoe   = $year - $era * 400;
		$doy   = intdiv( 153 * ( $month + ( $month > 2 ? -3 : 9 ) ) + 2, 5 ) + $day - 1;
		$doe   = $yoe * 365 + intdiv( $yoe, 4 ) - intdiv( $yoe, 100 ) + $doy;
		return $era * 146097 + $doe - 719468;
	}

	/**
	 * Date.prototype.toISOString of a time value, for years 0000-9999 only (others are null, as the contract's).
	 *
	 * @param int|float $ms Milliseconds since the epoch, already an integer.
	 * @return string|null
	 */
	public static function iso( $ms ) {
		if ( ! is_finite( (float) $ms ) || abs( $ms ) > 8.64e15 ) {
			return null;
		}
		$ms   = (int) $ms;
		$days = intdiv( $ms, 86400000 );
		$rest = $ms - $days * 86400000;
		if ( $rest < 0 ) {
			$rest += 86400000;
			--$days;
		}
		// civil_from_days.
		$z     = $days + 719468;
		$era   = intdiv( $z >= 0 ? $z : $z - 146096, 146097 );
		$doe   = $z - $era * 146097;
		$yoe   = intdiv( $doe - intdiv( $doe, 1460 ) + intdiv( $doe, 36524 ) - intdiv( $doe, 146096 ), 365 );
		$doy   = $doe - ( 365 * $yoe + intdiv( $yoe, 4 ) - intdiv( $yoe, 100 ) );
		$mp    = intdiv( 5 * $doy + 2, 153 );
		$day   = $doy - intdiv( 153 * $mp + 2, 5 ) + 1;
		$month = $mp < 10 ? $mp + 3 : $mp - 9;
		$year  = $yoe + $era * 400 + ( $month <= 2 ? 1 : 0 );
		if ( $year < 0 || $year > 9999 ) {
			return null;
		}
		return sprintf( '%04d-%02d-%02dT%02d:%02d:%02d.%03dZ', $year, $month, $day, intdiv( $rest, 3600000 ), intdiv( $rest, 60000 ) % 60, intdiv( $rest, 1000 ) % 60, $rest % 1000 );
	}

	/**
	 * Datetimes in the upstream's three shapes (and epoch seconds or milliseconds) as ISO 8601 UTC with milliseconds;
	 * shapes without an offset are UTC.
	 *
	 * @param mixed $value Any JSON value.
	 * @return string|null
	 */
	public static function datetime( $value ) {
		if ( Js::is_number( $value ) ) {
			$value = (float) $value;
			$time  = $value < 1e11 ? $value * 1000 : $value;
			if ( ! is_finite( $time ) || abs( $time ) > 8.64e15 ) {
				return null;
			}
			// TimeClip: toward zero.
			return self::iso( $time < 0 ? ceil( $time ) : floor( $time ) );
		}
		if ( ! is_string( $value ) ) {
			return null;
		}
		$space = '[' . Js::SPACE . ']';
		if ( ! preg_match( '/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?' . $space . '*(Z|[+-]\d{2}:?\d{2})?$/Diu', Js::trim( $value ), $m ) ) {
			return null;
		}
		$year   = (int) $m[1];
		$month  = (int) $m[2];
		$day    = (int) $m[3];
		$hour   = isset( $m[4] ) && '' !== $m[4] ? (int) $m[4] : 0;
		$minute = isset( $m[5] ) && '' !== $m[5] ? (int) $m[5] : 0;
		$second = isset( $m[6] ) && '' !== $m[6] ? (int) $m[6] : 0;
		$frac   = isset( $m[7] ) ? $m[7] : '';
		$zone   = isset( $m[8] ) && '' !== $m[8] ? $m[8] : 'Z';
		$ms     = '' !== $frac ? (int) floor( (float) ( '0.' . $frac ) * 1000 ) : 0;
		$offset = 0;
		if ( 'Z' !== strtoupper( $zone ) ) {
			$sign   = '-' === $zone[0] ? -1 : 1;
			$digits = str_replace( ':', '', substr( $zone, 1 ) );
			$offset = $sign * ( (int) substr( $digits, 0, 2 ) * 60 + (int) substr( $digits, 2 ) );
		}
		if ( $month < 1 || $month > 12 || $day < 1 || $day > 31 || $hour > 24 || $minute > 59 || $second > 60 ) {
			return null;
		}
		$leap      = ( 0 === $year % 4 && 0 !== $year % 100 ) || 0 === $year % 400;
		$month_end = array( 31, $leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 );
		if ( $day > $month_end[ $month - 1 ] ) {
			return null; // It would roll over (31 February as 3 March): not a date.
		}
		$time = self::days_from_civil( $year, $month, $day ) * 86400000 + $hour * 3600000 + $minute * 60000 + $second * 1000 + $ms - $offset * 60000;
		return self::iso( $time );
	}

	/**
	 * Only absolute http(s) URLs pass, as `new URL(text).href`; null for anything else, and for what the PHP parser
	 * cannot be sure of (url.php).
	 *
	 * @param mixed $value Any JSON value.
	 * @return string|null
	 */
	public static function url( $value ) {
		$text = self::text( $value );
		if ( null === $text ) {
			return null;
		}
		$parsed = Url::parse( $text );
		return null === $parsed ? null : Url::href( $parsed );
	}

	/**
	 * An http URL upgraded to https when its host is known to serve the same resource securely.
	 *
	 * @param mixed $value        Any JSON value.
	 * @param array $secure_hosts Host patterns as keys (`img.example`, `*.example`).
	 * @return string|null
	 */
	public static function secure_url( $value, array $secure_hosts ) {
		$text = self::text( $value );
		if ( null === $text ) {
			return null;
		}
		$parsed = Url::parse( $text );
		if ( null === $parsed ) {
			return null;
		}
		if ( 'http' !== $parsed['scheme'] || ! self::host_matches( $parsed['host'], $secure_hosts ) ) {
			return Url::href( $parsed );
		}
		$parsed['scheme'] = 'https';
		if ( 443 === $parsed['port'] ) {
			$parsed['port'] = null;
		}
		return Url::href( $parsed );
	}

	/**
	 * `img.example` matches itself; `*.example` every subdomain of example.
	 *
	 * @param string $hostname     Host.
	 * @param array  $secure_hosts Host patterns as keys.
	 * @return bool
	 */
	public static function host_matches( $hostname, array $secure_hosts ) {
		if ( isset( $secure_hosts[ $hostname ] ) ) {
			return true;
		}
		for ( $i = strpos( $hostname, '.' ); false !== $i; $i = strpos( $hostname, '.', $i + 1 ) ) {
			if ( isset( $secure_hosts[ '*' . substr( $hostname, $i ) ] ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Time-zone abbreviations to IANA names; IANA names pass.
	 *
	 * @param mixed $value Any JSON value.
	 * @return string|null
	 */
	public static function time_zone( $value ) {
		$zones = array(
			'PST'  => 'America/Los_Angeles',
			'PDT'  => 'America/Los_Angeles',
			'PT'   => 'America/Los_Angeles',
			'MST'  => 'America/Denver',
			'MDT'  => 'America/Denver',
			'MT'   => 'America/Denver',
			'CST'  => 'America/Chicago',
			'CDT'  => 'America/Chicago',
			'CT'   => 'America/Chicago',
			'EST'  => 'America/New_York',
			'EDT'  => 'America/New_York',
			'ET'   => 'America/New_York',
			'AKST' => 'America/Anchorage',
			'AKDT' => 'America/Anchorage',
			'HST'  => 'Pacific/Honolulu',
			'UTC'  => 'UTC',
			'GMT'  => 'UTC',
		);
		$t     = self::text( $value );
		if ( null === $t ) {
			return null;
		}
		$upper = Js::upper( $t );
		if ( isset( $zones[ $upper ] ) ) {
			return $zones[ $upper ];
		}
		return preg_match( '/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+$/D', $t ) ? $t : null;
	}

	/**
	 * A clock time as 24-hour `HH:mm`: midnight closing is 24:00, opening 00:00; null otherwise (`closed`).
	 *
	 * @param mixed $value   Any JSON value.
	 * @param bool  $closing Whether it closes a period.
	 * @return string|null
	 */
	public static function clock( $value, $closing = false ) {
		if ( ! is_string( $value ) ) {
			return null;
		}
		$space = '[' . Js::SPACE . ']';
		if ( ! preg_match( '/^(\d{1,2})(?::(\d{2}))?' . $space . '*(am|pm|a\.m\.|p\.m\.)?$/Diu', Js::trim( $value ), $m ) ) {
			return null;
		}
		$hour     = (int) $m[1];
		$minute   = isset( $m[2] ) && '' !== $m[2] ? (int) $m[2] : 0;
		$meridiem = isset( $m[3] ) && '' !== $m[3] ? strtolower( $m[3][0] ) : '';
		if ( $minute > 59 ) {
			return null;
		}
		if ( '' !== $meridiem ) {
			if ( $hour < 1 || $hour > 12 ) {
				return null;
			}
			$hour = ( $hour % 12 ) + ( 'p' === $meridiem ? 12 : 0 );
		} elseif ( $hour > 24 || ( 24 === $hour && 0 !== $minute ) ) {
			return null;
		}
		if ( $closing && 0 === $hour && 0 === $minute ) {
			$hour = 24;
		}
		if ( ! $closing && 24 === $hour ) {
			$hour = 0;
		}
		return sprintf( '%02d:%02d', $hour, $minute );
	}

	/**
	 * A list as a list; anything else empty (asArray).
	 *
	 * @param mixed $value Any JSON value.
	 * @return array
	 */
	public static function as_array( $value ) {
		return is_array( $value ) ? $value : array();
	}
}
