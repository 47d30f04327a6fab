<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Js.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

/**
 * JavaScript semantics the Node gateway's normalizers rely on, in PHP: String(number), Number(text), Math.round,
 * String.prototype.trim/toLowerCase/toUpperCase/length, and a stable sort. Each says where PHP's own function differs.
 */
final class Js {

	/** JavaScript's WhiteSpace and LineTerminator code points (what String.prototype.trim and Number() strip), for a /u pattern. */
	const SPACE = '\x{0009}\x{000A}\x{000B}\x{000C}\x{000D}\x{0020}\x{00A0}\x{1680}\x{2000}-\x{200A}\x{2028}\x{2029}\x{202F}\x{205F}\x{3000}\x{FEFF}';

	/**
	 * Whether a value is a JSON number (JavaScript's typeof 'number').
	 *
	 * @param mixed $value Any decoded JSON value.
	 * @return bool
	 */
	public static function is_number( $value ) {
		return is_int( $value ) || is_float( $value );
	}

	/**
	 * An integer as JavaScript holds it: beyond 2^53 a JSON integer is already a rounded double in JavaScript, while
	 * json_decode keeps it exact. Floats pass unchanged; -0 becomes 0 (JSON.stringify writes -0 as 0).
	 *
	 * @param int|float $value A number.
	 * @return int|float
	 */
	public static function num( $value ) {
		if ( is_int( $value ) ) {
			return ( $value > 9007199254740992 || $value < -9007199254740992 ) ? (float) $value : $value;
		}
		return $value + 0.0;
	}

	/**
	 * Whether a number is finite (Number.isFinite).
	 *
	 * @param int|float $value A number.
	 * @return bool
	 */
	public static function is_finite( $value ) {
		return is_int( $value ) || is_finite( $value );
	}

	/**
	 * String(number): the shortest digits that read back as the same double, in JavaScript's layout (1e+21, 1e-7,
	 * 0.000001, 123456789012345680000). PHP's (string) uses the `precision` setting and another layout.
	 *
	 * @param int|float $value A number.
	 * @return string
	 */
	public static function string( $value ) {
		$value = self::num( $value );
		if ( is_int( $value ) ) {
			return (string) $value;
		}
		if ( is_nan( $value ) ) {
			return 'NaN';
		}
		if ( is_infinite( $value ) ) {
			return $value > 0 ? 'Infinity' : '-Infinity';
		}
		if ( 0.0 === $value ) {
			return '0';
		}
		$sign     = $value < 0 ? '-' : '';
		$absolute = abs( $value );
		// The shortest round-trip digits: the first precision whose correctly rounded %e form reads back exactly.
		for ( $precision = 0; $precision < 17; $precision++ ) {
			$formatted = sprintf( '%.' . $precision . 'e', $absolute );
			if ( (float) $formatted === $absolute ) {
				break;
			}
		}
		preg_match( '/^(\d)(?:\.(\d*))?e([+-]?\d+)$/D', $formatted, $m );
		$digits = rtrim( $m[1] . ( isset( $m[2] ) ? $m[2] : '' ), '0' );
		$k      = strlen( $digits );
		$n      = (int) $m[3] + 1;
		if ( $k <= $n && $n <= 21 ) {
			return $sign . $digits . str_repeat( '0', $n - $k );
		}
		if ( 0 < $n && $n <= 21 ) {
			return $sign . substr( $digits, 0, $n ) . '.' . substr( $digits, $n );
		}
		if ( -6 < $n && $n <= 0 ) {
			return $sign . '0.' . str_repeat( '0', -$n ) . $digits;
		}
		$e        = $n - 1;
		$exponent = 'e' . ( $e >= 0 ? '+' : '-' ) . abs( $e );
		return $sign . ( 1 === $k ? $digits : $digits[0] . '.' . substr( $digits, 1 ) ) . $exponent;
	}

	/**
	 * Number(text) for text already trimmed: decimal with optional exponent, Infinity, 0x/0o/0b literals (no sign, no
	 * separators), anything else NaN. Non-decimal literals longer than 53 bits are rounded to nearest, ties to even,
	 * as JavaScript does (hexdec() would round twice).
	 *
	 * @param string $text Trimmed text.
	 * @return int|float
	 */
	public static function number_from_text( $text ) {
		if ( '' === $text ) {
			return 0;
		}
		if ( preg_match( '/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/D', $text ) ) {
			return (float) $text + 0.0;
		}
		if ( preg_match( '/^([+-]?)Infinity$/D', $text, $m ) ) {
			return '-' === $m[1] ? -INF : INF;
		}
		if ( ! preg_match( '/^0(?:([xX])([0-9a-fA-F]+)|([oO])([0-7]+)|([bB])([01]+))$/D', $text, $m ) ) {
			return NAN;
		}
		$bits = '';
		if ( '' !== $m[1] ) {
			foreach ( str_split( $m[2] ) as $digit ) {
				$bits .= str_pad( decbin( hexdec( $digit ) ), 4, '0', STR_PAD_LEFT );
			}
		} elseif ( isset( $m[3] ) && '' !== $m[3] ) {
			foreach ( str_split( $m[4] ) as $digit ) {
				$bits .= str_pad( decbin( (int) $digit ), 3, '0', STR_PAD_LEFT );
			}
		} else {
			$bits = $m[6];
		}
		$bits = ltrim( $bits, '0' );
		if ( '' === $bits ) {
			return 0;
		}
		if ( strlen( $bits ) <= 53 ) {
			return (float) bindec( $bits );
		}
		$mantissa = (float) bindec( substr( $bits, 0, 53 ) );
		$rest     = substr( $bits, 53 );
		if ( '1' === $rest[0] && ( false !== strpos( substr( $rest, 1 ), '1' ) || '1' === $bits[52] ) ) {
			++$mantissa;
		}
		return $mantissa * pow( 2, strlen( $rest ) );
	}

	/**
	 * Math.round: halves toward +Infinity (PHP's round() goes away from zero), computed exactly (floor($x + 0.5) is
	 * wrong for 0.49999999999999994).
	 *
	 * @param int|float $value A finite number.
	 * @return float
	 */
	public static function round( $value ) {
		$floor = floor( $value );
		return ( $value - $floor >= 0.5 ? $floor + 1 : $floor ) + 0.0;
	}

	/**
	 * String.prototype.trim.
	 *
	 * @param string $text UTF-8 text.
	 * @return string
	 */
	public static function trim( $text ) {
		$trimmed = preg_replace( '/^[' . self::SPACE . ']+|[' . self::SPACE . ']+$/Du', '', $text );
		return null === $trimmed ? trim( $text ) : $trimmed;
	}

	/**
	 * String.prototype.toLowerCase (Unicode with mbstring; ASCII only without it).
	 *
	 * @param string $text UTF-8 text.
	 * @return string
	 */
	public static function lower( $text ) {
		return function_exists( 'mb_strtolower' ) ? mb_strtolower( $text, 'UTF-8' ) : strtolower( $text );
	}

	/**
	 * String.prototype.toUpperCase (Unicode with mbstring; ASCII only without it).
	 *
	 * @param string $text UTF-8 text.
	 * @return string
	 */
	public static function upper( $text ) {
		return function_exists( 'mb_strtoupper' ) ? mb_strtoupper( $text, 'UTF-8' ) : strtoupper( $text );
	}

	/**
	 * String.prototype.length: UTF-16 code units of UTF-8 text.
	 *
	 * @param string $text UTF-8 text.
	 * @return int
	 */
	public static function length( $text ) {
		return strlen( $text ) - preg_match_all( '/[\x80-\xBF]/', $text ) + preg_match_all( '/[\xF0-\xF7]/', $text );
	}

	/**
	 * Array.prototype.sort() without a comparator: by UTF-16 code units. Byte order of UTF-8 is code point order, which
	 * differs for characters beyond U+FFFF (surrogates sort before U+E000-U+FFFF): those are moved into place.
	 *
	 * @param string $a Text.
	 * @param string $b Text.
	 * @return int
	 */
	public static function compare_strings( $a, $b ) {
		$key = function ( $text ) {
			return preg_replace( '/[\xF0-\xF4][\x80-\xBF]{3}/', "\xED$0", $text );
		};
		return strcmp( $key( $a ), $key( $b ) );
	}

	/**
	 * A stable sort (Array.prototype.sort is stable; PHP 7's usort is not).
	 *
	 * @param array    $items    A list.
	 * @param callable $compare Comparator, as JavaScript's.
	 * @return array The sorted list.
	 */
	public static function sort( array $items, $compare ) {
		$decorated = array();
		foreach ( array_values( $items ) as $index => $item ) {
			$decorated[] = array( $index, $item );
		}
		usort(
			$decorated,
			function ( $a, $b ) use ( $compare ) {
				$order = $compare( $a[1], $b[1] );
				if ( $order < 0 ) {
					return -1;
				}
				if ( $order > 0 ) {
					return 1;
				}
				return $a[0] - $b[0];
			}
		);
		$sorted = array();
		foreach ( $decorated as $pair ) {
			$sorted[] = $pair[1];
		}
		return $sorted;
	}

	/**
	 * `object.key` on decoded JSON: the property, or null when absent (undefined and null are alike to `??`).
	 *
	 * @param mixed  $value Any decoded JSON value.
	 * @param string $key    Property name.
	 * @return mixed
	 */
	public static function get( $value, $key ) {
		return ( is_object( $value ) && isset( $value->$key ) ) ? $value->$key : null;
	}
}
