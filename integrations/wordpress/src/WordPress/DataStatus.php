<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * What the owner needs to know about the data, kept as it happens: when the data was last fetched upstream, the
 * last error (with its time, so a later success shows it is over), when the change feeds were last read whole, and
 * the last purge of the page cache. One option, not autoloaded, written only when something happens (a fetch is
 * noted at most once a minute), read by Site Health and the settings page.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/** The data's recorded status. */
final class DataStatus {

	/** The option that holds it. */
	const OPTION = 'merchant_elements_data_status';

	/** Nothing to hook: the cache, the change feeds and the purge report to it. */
	public static function register() {
	}

	/**
	 * The status.
	 *
	 * @return array{fetched: int, error: array|null, polled: int, poll_error: array|null, purge: array|null}
	 */
	public static function get() {
		$status = get_option( self::OPTION, array() );
		return ( is_array( $status ) ? $status : array() ) + array(
			'fetched'    => 0,
			'error'      => null,
			'polled'     => 0,
			'poll_error' => null,
			'purge'      => null,
		);
	}

	/**
	 * Saves changed fields.
	 *
	 * @param array $changes Fields.
	 */
	private static function save( array $changes ) {
		update_option( self::OPTION, array_merge( self::get(), $changes ), false );
	}

	/**
	 * Data was fetched upstream.
	 *
	 * @param int $time Unix time.
	 */
	public static function fetched( $time ) {
		$status = self::get();
		$failed = null !== $status['error'] && (int) $status['error']['time'] >= (int) $status['fetched'];
		if ( $failed ) {
			// A success ends the error, even within the same second as it (times are whole seconds).
			self::save(
				array(
					'fetched' => (int) $time,
					'error'   => null,
				)
			);
		} elseif ( (int) $status['fetched'] < $time - 60 ) {
			self::save( array( 'fetched' => (int) $time ) );
		}
	}

	/**
	 * An upstream request failed.
	 *
	 * @param \MerchantElements\Gateway\GatewayError $error The error (its text never holds a URL or the key).
	 * @param string                                 $kind  'error' (a fetch for a page) or 'poll_error' (the change feeds).
	 */
	public static function failed( \MerchantElements\Gateway\GatewayError $error, $kind = 'error' ) {
		self::save(
			array(
				$kind => array(
					'time'    => time(),
					'code'    => (string) $error->error_code,
					'message' => (string) $error->getMessage(),
				),
			)
		);
	}

	/**
	 * The change feeds were read.
	 *
	 * @param int  $time     Unix time.
	 * @param bool $complete Whether both were read whole.
	 */
	public static function polled( $time, $complete ) {
		$changes = array( 'polled' => (int) $time );
		if ( $complete ) {
			$changes['poll_error'] = null;
		}
		self::save( $changes );
	}

	/**
	 * The page cache was asked to drop pages.
	 *
	 * @param array $purge `time`, `location`, `posts` (ids), `caches` (names), `whole` (the reason, or '').
	 */
	public static function purged( array $purge ) {
		self::save( array( 'purge' => $purge ) );
	}

	/**
	 * Whether the last thing that happened to the data is an error (no success since).
	 *
	 * @return bool
	 */
	public static function failing() {
		$status = self::get();
		return null !== $status['error'] && (int) $status['error']['time'] >= (int) $status['fetched'];
	}
}
