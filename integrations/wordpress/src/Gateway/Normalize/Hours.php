<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Hours.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Normalize;

use MerchantElements\Gateway\Contract;
use MerchantElements\Gateway\Js;

defined( 'ABSPATH' ) || exit;

/**
 * The normalizers: a port of src/gateway/normalize/{hours,location,menus,photos,actions}.ts. Each takes decoded
 * upstream JSON (objects as \stdClass) and returns `array( 'ok' => true, 'value' => ... )` or
 * `array( 'ok' => false, 'path' => ..., 'message' => ... )`. Values are PHP arrays whose json_encode() is the
 * Node gateway's JSON.
 */
final class Hours {

	/**
	 * One opening period, or null (closed or unreadable).
	 *
	 * @param mixed $raw A period.
	 * @return array|null
	 */
	public static function period( $raw ) {
		if ( ! is_object( $raw ) ) {
			return null;
		}
		$first = function ( array $keys ) use ( $raw ) {
			foreach ( $keys as $key ) {
				$value = Js::get( $raw, $key );
				if ( null !== $value ) {
					return $value;
				}
			}
			return null;
		};
		$open  = Values::clock( $first( array( 'opening', 'start', 'open' ) ), false );
		$close = Values::clock( $first( array( 'closing', 'end', 'close' ) ), true );
		if ( null === $open || null === $close ) {
			return null;
		}
		return array(
			'open'        => $open,
			'close'       => $close,
			'description' => Values::long_text( Js::get( $raw, 'description' ) ),
		);
	}

	/**
	 * Opening hours from the Publisher form or the feed's; null when there are none.
	 *
	 * @param mixed $raw Hours.
	 * @return array|null
	 */
	public static function normalize_hours( $raw ) {
		if ( ! is_object( $raw ) ) {
			return null;
		}
		$day_names = array(
			'monday'    => 'mon',
			'tuesday'   => 'tue',
			'wednesday' => 'wed',
			'thursday'  => 'thu',
			'friday'    => 'fri',
			'saturday'  => 'sat',
			'sunday'    => 'sun',
			'mon'       => 'mon',
			'tue'       => 'tue',
			'wed'       => 'wed',
			'thu'       => 'thu',
			'fri'       => 'fri',
			'sat'       => 'sat',
			'sun'       => 'sun',
			'tues'      => 'tue',
			'weds'      => 'wed',
			'thur'      => 'thu',
			'thurs'     => 'thu',
		);
		$days      = array();
		foreach ( Contract::get()['weekdays'] as $weekday ) {
			$days[ $weekday ] = array();
		}
		$known = false;
		foreach ( get_object_vars( $raw ) as $key => $value ) {
			$name = Js::lower( Js::trim( (string) $key ) );
			$day  = isset( $day_names[ $name ] ) ? $day_names[ $name ] : null;
			if ( null === $day ) {
				continue;
			}
			$known = true;
			foreach ( is_array( $value ) ? $value : array( $value ) as $p ) {
				$normalized = self::period( $p );
				if ( null !== $normalized ) {
					$days[ $day ][] = $normalized;
				}
			}
		}
		foreach ( $days as $day => $periods ) {
			$days[ $day ] = Js::sort(
				$periods,
				function ( $a, $b ) {
					return strcmp( $a['open'], $b['open'] );
				}
			);
		}
		$holiday = Js::get( $raw, 'holiday_schedule' );
		if ( null === $holiday ) {
			$holiday = Js::get( $raw, 'holidaySchedule' );
		}
		$lines = array();
		if ( is_string( $holiday ) ) {
			foreach ( preg_split( '/\r?\n/', $holiday ) as $line ) {
				$line = Js::trim( $line );
				if ( '' !== $line ) {
					$lines[] = $line;
				}
			}
		} elseif ( is_array( $holiday ) ) {
			foreach ( $holiday as $line ) {
				$line = Values::long_text( $line );
				if ( null !== $line ) {
					$lines[] = $line;
				}
			}
		}
		if ( ! $known && ! $lines ) {
			return null;
		}
		return array(
			'days'            => $days,
			'holidaySchedule' => $lines,
		);
	}
}
