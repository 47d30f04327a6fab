<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Changes.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\Normalize\Values;
use MerchantElements\Gateway\Upstream;
use MerchantElements\Gateway\UpstreamClient;

defined( 'ABSPATH' ) || exit;

/**
 * The change feeds, as the Node gateway's poller (src/gateway/poller.ts) reads them, run by WP-Cron every five
 * minutes in "self" mode: the Actions API's `/locations/updated/?since=` and the Publisher API's
 * `/locations/updated_since/?date=`, every page (each `next` link signed again). Each location they name is marked
 * as changed at that time; cached entries of a location older than its mark are refreshed on their next request and
 * kept meanwhile for stale-if-error (class-merchant-elements-wp-cache.php).
 */
final class Changes {

	/** Updates are asked from a little before the last poll: clocks differ, and a duplicate costs nothing. */
	const POLL_OVERLAP = 30;

	/** Pages followed per feed and poll: bounds one poll's work after a long outage. */
	const POLL_MAX_PAGES = 50;

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		add_filter( 'cron_schedules', array( self::class, 'cron_schedules' ) ); // phpcs:ignore WordPress.WP.CronInterval -- five minutes: the cache's freshness (the Node gateway polls as often).
		add_action( 'init', array( self::class, 'schedule_polling' ) );
		add_action( 'merchant_elements_poll_changes', array( self::class, 'poll_changes' ) );
	}

	/**
	 * The five-minute schedule.
	 *
	 * @param array $schedules WordPress's schedules.
	 * @return array
	 */
	public static function cron_schedules( $schedules ) {
		$schedules['merchant_elements_five_minutes'] = array(
			'interval' => 300,
			'display'  => __( 'Every five minutes (Merchant Elements)', 'merchant-elements' ),
		);
		return $schedules;
	}

	/** Polls while the site fetches its own data; stops polling otherwise. */
	public static function schedule_polling() {
		$scheduled = wp_next_scheduled( 'merchant_elements_poll_changes' );
		$wanted    = 'self' === Connection::source() && Connection::self_ready();
		if ( $wanted && ! $scheduled ) {
			wp_schedule_event( time() + 300, 'merchant_elements_five_minutes', 'merchant_elements_poll_changes' );
		} elseif ( ! $wanted && $scheduled ) {
			wp_clear_scheduled_hook( 'merchant_elements_poll_changes' );
		}
	}

	/**
	 * Reads both feeds once and marks what changed.
	 *
	 * @param Upstream|null $upstream The upstream (tests pass one); the site's by default.
	 * @return string[] The location ids marked.
	 */
	public static function poll_changes( $upstream = null ) {
		if ( ! $upstream instanceof Upstream ) {
			if ( ! Connection::self_ready() ) {
				return array();
			}
			$upstream = new HttpUpstream( Connection::credentials() );
		}
		$cursors  = get_option( 'merchant_elements_poll_cursors', array() );
		$now      = time();
		$since    = array(
			'actions'   => isset( $cursors['actions'] ) ? (int) $cursors['actions'] : $now,
			'publisher' => isset( $cursors['publisher'] ) ? (int) $cursors['publisher'] : $now,
		);
		$changed  = array();
		$complete = true;
		foreach ( array( 'actions', 'publisher' ) as $feed ) {
			try {
				$changed = array_merge( $changed, self::read_feed( $upstream, $feed, $since[ $feed ] - self::POLL_OVERLAP ) );
				// The cursor moves only when the whole feed was read: a failed poll asks again from the same point.
				$since[ $feed ] = $now;
			} catch ( GatewayError $error ) {
				$complete = false;
				DataStatus::failed( $error, 'poll_error' );
				continue;
			}
		}
		update_option( 'merchant_elements_poll_cursors', $since, false );
		DataStatus::polled( $now, $complete );
		$changed = array_values( array_unique( $changed ) );
		self::mark_changed( $changed, $now );
		/**
		 * The change feeds reported these locations (src/WordPress/DataChanges.php fetches those shown on pages again,
		 * and what really changed is purged from the page cache).
		 *
		 * @param string[] $changed Location ids.
		 */
		do_action( 'merchant_elements_changes_found', $changed );
		return $changed;
	}

	/**
	 * The location ids one feed reports as changed since `$from`, following its pages.
	 *
	 * @param Upstream $upstream The upstream.
	 * @param string   $feed     'actions' or 'publisher'.
	 * @param int      $from     Unix time.
	 * @return string[]
	 * @throws GatewayError When a page fails.
	 */
	public static function read_feed( Upstream $upstream, $feed, $from ) {
		$path        = 'actions' === $feed
			? '/locations/updated/?since=' . UpstreamClient::encode_strict( gmdate( 'Y-m-d\TH:i:s\Z', $from ) )
			: '/locations/updated_since/?date=' . gmdate( 'Y-m-d', $from );
		$credentials = Connection::credentials();
		$base        = 'actions' === $feed ? $credentials['actions_url'] : $credentials['publisher_url'];
		$ids         = array();
		for ( $page = 0; null !== $path && $page < self::POLL_MAX_PAGES; $page++ ) {
			$answer = $upstream->get( $feed, $path );
			$rows   = 'actions' === $feed ? $answer['body'] : ( is_object( $answer['body'] ) && isset( $answer['body']->results ) ? $answer['body']->results : null );
			if ( ! is_array( $rows ) ) {
				break;
			}
			/**
			 * One page of a change feed, as read (the directory keeps the Publisher feed's records: src/WordPress/Directory.php).
			 *
			 * @param string $feed 'actions' or 'publisher'.
			 * @param array  $rows The page's rows.
			 */
			do_action( 'merchant_elements_feed_rows', $feed, $rows );
			foreach ( $rows as $row ) {
				$id = is_object( $row ) && isset( $row->location_id ) ? $row->location_id : null;
				if ( ! is_string( $id ) && ! is_int( $id ) ) {
					continue;
				}
				// The Publisher feed is by day: only what changed after the cursor counts.
				if ( 'publisher' === $feed && isset( $row->updated ) ) {
					$updated = Values::datetime( $row->updated );
					if ( null !== $updated && strtotime( $updated ) < $from ) {
						continue;
					}
				}
				$ids[] = (string) $id;
			}
			$path = null === $answer['next'] ? null : UpstreamClient::relative_next( $feed, $base, $answer['next'] );
		}
		return $ids;
	}

	/**
	 * Marks locations as changed at `$time`, and lets go of marks older than any cached entry can be.
	 *
	 * @param string[] $ids  Location ids.
	 * @param int      $time Unix time.
	 */
	public static function mark_changed( array $ids, $time ) {
		$marks  = get_option( 'merchant_elements_changed', array() );
		$marks  = is_array( $marks ) ? $marks : array();
		$oldest = $time - array_sum( SiteCache::configured_windows() );
		foreach ( $marks as $id => $marked ) {
			if ( $marked < $oldest ) {
				unset( $marks[ $id ] );
			}
		}
		foreach ( $ids as $id ) {
			$marks[ $id ] = $time;
		}
		update_option( 'merchant_elements_changed', $marks, false );
		self::changed_since( array(), 0, true );
	}

	/**
	 * Whether any of the locations was marked as changed at or after `$time`.
	 *
	 * @param string[] $ids    Location ids.
	 * @param int      $time   Unix time (an entry's fetch).
	 * @param bool     $reload Read the marks again (after marking).
	 * @return bool
	 */
	public static function changed_since( array $ids, $time, $reload = false ) {
		static $marks = null;
		if ( null === $marks || $reload ) {
			$marks = get_option( 'merchant_elements_changed', array() );
			$marks = is_array( $marks ) ? $marks : array();
		}
		foreach ( $ids as $id ) {
			if ( isset( $marks[ $id ] ) && $marks[ $id ] >= $time ) {
				return true;
			}
		}
		return false;
	}
}
