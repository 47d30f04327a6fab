<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * The response cache of "self" mode, as the Node gateway's (src/gateway/cache.ts) on what a shared host has:
 *
 *   0 ........ ttl ............ ttl+swr ................ ttl+sie ............ (no end)
 *   fresh      stale: served at once; one request         stale: served only     the last good copy: served
 *              refreshes it, the others do not wait      when the upstream      when there is nothing newer
 *                                                         fails                  and the upstream fails
 *
 * - Entries live in WordPress's object cache when the site has a persistent one (the Redis or Memcached drop-ins of
 *   managed hosts), in transients otherwise (the options table).
 * - The last good copy of each location's data is kept without expiry (an option that is never autoloaded), so a
 *   site whose upstream is down for days still shows its menu.
 * - One upstream call per resource however many visitors arrive together: the visitor that takes the database's
 *   named lock (GET_LOCK) loads it; the others wait on the lock, then read what it stored.
 * - A failure is remembered for self::FAILURE_MEMORY seconds: until then, requests for that resource get
 *   the same error at once (or the stale copy) instead of each waiting on a failing upstream again.
 * - The change feeds (changes.php) mark locations as changed; an entry older than its location's change must be
 *   refreshed, and is kept for stale-if-error meanwhile.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\Cache;
use MerchantElements\Gateway\GatewayError;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a GatewayError's message ends in a JSON error resource {error, message, status_code} (wp_json_encode), never in HTML; messages are written here, never copied from a URL.

/** The cache, on the object cache or transients. */
class SiteCache implements Cache {

	/** Seconds a failed load is remembered. */
	const FAILURE_MEMORY = 30;

	/** Negative answers (an unknown location) are fresh this long at most, and never served stale. */
	const NEGATIVE_TTL = 60;

	/** Locations whose last good copies are kept (the oldest are let go beyond this). */
	const LAST_GOOD_MAX = 300;

	/**
	 * Seconds: fresh, stale-while-revalidate, stale-if-error.
	 *
	 * @var array{ttl: int, swr: int, sie: int}
	 */
	private $windows;

	/**
	 * Seconds a request waits for another one's load of the same resource.
	 *
	 * @var int
	 */
	private $wait;

	/**
	 * The cache.
	 *
	 * @param array{ttl: int, swr: int, sie: int} $windows The windows, in seconds.
	 * @param int                                 $wait    Seconds to wait on another request's load at most.
	 */
	public function __construct( array $windows, $wait ) {
		$this->windows = $windows;
		$this->wait    = max( 1, (int) $wait );
	}

	/**
	 * The windows from wp-config.php constants where set (the Node gateway's variables, by the same names with the
	 * plugin's prefix), else the Node gateway's defaults.
	 *
	 * @return array{ttl: int, swr: int, sie: int}
	 */
	public static function configured_windows() {
		$read = function ( $name, $fallback ) {
			return defined( $name ) && is_numeric( constant( $name ) ) ? max( 0, (int) constant( $name ) ) : $fallback;
		};
		return array(
			'ttl' => max( 1, $read( 'MERCHANT_ELEMENTS_CACHE_TTL', 300 ) ),
			'swr' => $read( 'MERCHANT_ELEMENTS_CACHE_STALE_WHILE_REVALIDATE', 3600 ),
			'sie' => $read( 'MERCHANT_ELEMENTS_CACHE_STALE_IF_ERROR', 86400 ),
		);
	}

	/**
	 * The entry under `$key`, loaded with `$load` when needed.
	 *
	 * @param string   $key  The cache key (the Node gateway's).
	 * @param callable $load Returns array( 'status' => 200|404, 'value' => … ) or throws GatewayError.
	 * @param string[] $tags The location ids the entry belongs to.
	 * @return array{status: int, value: mixed, state: string}
	 * @throws GatewayError When there is nothing to answer with.
	 */
	public function get( $key, $load, array $tags ) {
		$entry = $this->read( $key, false );
		$age   = null === $entry ? 'dead' : $this->classify( $entry, $tags );
		if ( 'fresh' === $age ) {
			return $this->result( $entry, 'hit' );
		}
		if ( 'revalidate' === $age ) {
			// One request refreshes; every other one is answered with the stale copy at once.
			if ( ! $this->lock( $key, 0 ) ) {
				return $this->result( $entry, 'stale' );
			}
			try {
				return $this->result( $this->load_and_store( $key, $load, $tags ), 'miss' );
			} catch ( GatewayError $error ) {
				if ( ! $error->is_upstream_failure() ) {
					throw $error;
				}
				return $this->result( $entry, 'stale' );
			} finally {
				$this->unlock( $key );
			}
		}
		try {
			return $this->refresh( $key, $load, $tags );
		} catch ( GatewayError $error ) {
			if ( ! $error->is_upstream_failure() ) {
				throw $error;
			}
			$fallback = 'if-error' === $age ? $entry : $this->last_good( $key );
			if ( null === $fallback ) {
				throw $error;
			}
			return $this->result( $fallback, 'stale-if-error' );
		}
	}

	/**
	 * Loads the entry, once for everyone asking at the same time.
	 *
	 * @param string   $key  The key.
	 * @param callable $load The loader.
	 * @param string[] $tags The tags.
	 * @return array{status: int, value: mixed, state: string}
	 * @throws GatewayError The load's failure, or the one remembered.
	 */
	private function refresh( $key, $load, array $tags ) {
		if ( ! $this->lock( $key, 0 ) ) {
			// Another request is loading it: wait for that, then take what it stored (or the failure it remembered).
			if ( ! $this->lock( $key, $this->wait ) ) {
				throw new GatewayError( 504, 'UPSTREAM_TIMEOUT', 'The data is still loading; try again shortly.' );
			}
		}
		try {
			$stored = $this->read( $key, true );
			// Stored while this request waited for the lock (or just before it took it): fresh, so not loaded again.
			if ( null !== $stored && 'fresh' === $this->classify( $stored, $tags ) ) {
				return $this->result( $stored, 'shared' );
			}
			$failure = $this->read_failure( $key );
			if ( null !== $failure ) {
				throw $failure;
			}
			return $this->result( $this->load_and_store( $key, $load, $tags ), 'miss' );
		} finally {
			$this->unlock( $key );
		}
	}

	/**
	 * Calls the loader and stores what it answers; remembers an upstream failure briefly.
	 *
	 * @param string   $key  The key.
	 * @param callable $load The loader.
	 * @param string[] $tags The tags.
	 * @return array{status: int, value: mixed, fetched_at: int}
	 * @throws GatewayError The loader's.
	 */
	private function load_and_store( $key, $load, array $tags ) {
		$parts = DataAge::begin();
		try {
			$loaded = call_user_func( $load );
		} catch ( GatewayError $error ) {
			DataAge::end( $parts );
			if ( $error->is_upstream_failure() ) {
				$this->write( 'f', $key, $error->to_resource() + array( 'retry_after' => $error->retry_after ), self::FAILURE_MEMORY );
				DataStatus::failed( $error );
			}
			throw $error;
		}
		// An entry made of other entries (the photos of several sizes) is as old as the oldest of them.
		$inner = DataAge::end( $parts );
		$now   = time();
		$entry = array(
			'status'      => (int) $loaded['status'],
			'value'       => $loaded['value'],
			'fetched_at'  => $now,
			'upstream_at' => null === $inner ? $now : min( $now, $inner['fetched'] ),
		);
		DataStatus::fetched( $now );
		if ( 200 === $entry['status'] && $tags ) {
			// Compared with the copy it replaces: a location whose data changed has its pages purged (PageCachePurge).
			DataChanges::compare( $tags, $this->last_good( $key ), $entry );
		}
		$lifetime = 200 === $entry['status'] ? $this->windows['ttl'] + $this->windows['sie'] : $this->fresh_for( $entry );
		$this->write( 'e', $key, $entry, $lifetime );
		if ( 200 === $entry['status'] && $tags ) {
			$this->keep_last_good( $key, $entry, $tags );
		}
		return $entry;
	}

	/**
	 * Seconds an entry is fresh.
	 *
	 * @param array $entry The entry.
	 * @return int
	 */
	private function fresh_for( array $entry ) {
		return 200 === $entry['status'] ? $this->windows['ttl'] : min( $this->windows['ttl'], self::NEGATIVE_TTL );
	}

	/**
	 * The entry's age class now: fresh, revalidate (stale-while-revalidate), if-error (stale-if-error) or dead.
	 *
	 * @param array    $entry The entry.
	 * @param string[] $tags  Its locations, whose reported changes it must not be older than.
	 * @return string
	 */
	private function classify( array $entry, array $tags ) {
		$age         = time() - (int) $entry['fetched_at'];
		$fresh       = $this->fresh_for( $entry );
		$invalidated = Changes::changed_since( $tags, (int) $entry['fetched_at'] );
		if ( ! $invalidated && $age < $fresh ) {
			return 'fresh';
		}
		if ( 200 !== $entry['status'] ) {
			return 'dead';
		}
		if ( ! $invalidated && $age < $fresh + $this->windows['swr'] ) {
			return 'revalidate';
		}
		return $age < $fresh + $this->windows['sie'] ? 'if-error' : 'dead';
	}

	/**
	 * What get() answers.
	 *
	 * @param array  $entry The entry.
	 * @param string $state The cache state.
	 * @return array{status: int, value: mixed, state: string}
	 */
	private function result( array $entry, $state ) {
		$age = $this->age_of( $entry, $state );
		DataAge::note( $age['fetched'], $age['fresh'] );
		return array(
			'status'  => $entry['status'],
			'value'   => $entry['value'],
			'state'   => $state,
			'fetched' => $age['fetched'],
			'fresh'   => $age['fresh'],
		);
	}

	/**
	 * When an entry's data was fetched upstream (its oldest part, for an entry composed of others) and for how many
	 * seconds after that it counts as fresh. An entry stored before the plugin kept `upstream_at`, or one served
	 * stale, counts as stale (0 s).
	 *
	 * @param array  $entry The entry.
	 * @param string $state The cache state it is served in.
	 * @return array{fetched: int, fresh: int}
	 */
	private function age_of( array $entry, $state ) {
		$fetched_at = (int) $entry['fetched_at'];
		if ( ! isset( $entry['upstream_at'] ) || in_array( $state, array( 'stale', 'stale-if-error' ), true ) ) {
			return array(
				'fetched' => $fetched_at,
				'fresh'   => 0,
			);
		}
		$upstream_at = min( $fetched_at, (int) $entry['upstream_at'] );
		return array(
			'fetched' => $upstream_at,
			'fresh'   => max( 0, $fetched_at + $this->fresh_for( $entry ) - $upstream_at ),
		);
	}

	/**
	 * The stored name of a key: a kind letter and the key's hash (keys can be long; names cannot).
	 *
	 * @param string $kind 'e' (entry) or 'f' (failure).
	 * @param string $key  The cache key.
	 * @return string
	 */
	private static function name( $kind, $key ) {
		return 'merchant_elements_' . $kind . '_' . md5( $key );
	}

	/**
	 * Reads a stored value.
	 *
	 * @param string $kind  'e' or 'f'.
	 * @param string $key   The cache key.
	 * @param bool   $again Read past this request's own memory (another request may have written it meanwhile).
	 * @return mixed|null
	 */
	private function read_value( $kind, $key, $again ) {
		$name = self::name( $kind, $key );
		if ( wp_using_ext_object_cache() ) {
			$value = wp_cache_get( $name, 'merchant_elements', $again );
		} else {
			if ( $again ) {
				self::forget_transient_memory( $name );
			}
			$value = get_transient( $name );
		}
		return false === $value ? null : $value;
	}

	/**
	 * Stores a value for `$lifetime` seconds.
	 *
	 * @param string $kind     'e' or 'f'.
	 * @param string $key      The cache key.
	 * @param mixed  $value    What to store.
	 * @param int    $lifetime Seconds.
	 */
	private function write( $kind, $key, $value, $lifetime ) {
		$name = self::name( $kind, $key );
		if ( wp_using_ext_object_cache() ) {
			wp_cache_set( $name, $value, 'merchant_elements', max( 1, $lifetime ) );
		} else {
			set_transient( $name, $value, max( 1, $lifetime ) );
		}
	}

	/**
	 * The entry stored under a key, or null.
	 *
	 * @param string $key   The key.
	 * @param bool   $again See read_value().
	 * @return array|null
	 */
	private function read( $key, $again ) {
		$entry = $this->read_value( 'e', $key, $again );
		return is_array( $entry ) && isset( $entry['status'], $entry['fetched_at'] ) && array_key_exists( 'value', $entry ) ? $entry : null;
	}

	/**
	 * The failure remembered for a key, as the error to throw, or null.
	 *
	 * @param string $key The key.
	 * @return GatewayError|null
	 */
	private function read_failure( $key ) {
		$failure = $this->read_value( 'f', $key, true );
		if ( ! is_array( $failure ) || ! isset( $failure['status_code'], $failure['error'], $failure['message'] ) ) {
			return null;
		}
		return new GatewayError( (int) $failure['status_code'], (string) $failure['error'], (string) $failure['message'], isset( $failure['retry_after'] ) ? $failure['retry_after'] : null );
	}

	/**
	 * Keeps an entry as its key's last good copy, with no expiry, and notes it in the index (oldest let go first).
	 *
	 * @param string   $key   The key.
	 * @param array    $entry The entry (a 200).
	 * @param string[] $tags  Its locations.
	 */
	private function keep_last_good( $key, array $entry, array $tags ) {
		$name  = self::name( 'g', $key );
		$index = get_option( 'merchant_elements_last_good_index', array() );
		$index = is_array( $index ) ? $index : array();
		unset( $index[ $name ] );
		$index[ $name ] = implode( ',', $tags );
		$over           = count( $index ) - self::LAST_GOOD_MAX;
		if ( $over > 0 ) {
			foreach ( array_keys( array_slice( $index, 0, $over, true ) ) as $oldest ) {
				delete_option( $oldest );
			}
			$index = array_slice( $index, $over, null, true );
		}
		update_option( 'merchant_elements_last_good_index', $index, false );
		if ( false === get_option( $name, false ) ) {
			add_option( $name, $entry, '', 'no' );
		} else {
			update_option( $name, $entry, false );
		}
	}

	/**
	 * The last good copy of a key, or null.
	 *
	 * @param string $key The key.
	 * @return array|null
	 */
	private function last_good( $key ) {
		$entry = get_option( self::name( 'g', $key ), null );
		return is_array( $entry ) && isset( $entry['status'], $entry['fetched_at'] ) ? $entry : null;
	}

	/**
	 * When the data under a key was fetched upstream, from the cache or its last good copy; null when never.
	 *
	 * @param string $key The cache key (`location:{id}`).
	 * @return int|null Unix time.
	 */
	public function fetched_time( $key ) {
		$entry = $this->read( $key, false );
		$entry = null === $entry ? $this->last_good( $key ) : $entry;
		if ( null === $entry ) {
			return null;
		}
		return isset( $entry['upstream_at'] ) ? min( (int) $entry['fetched_at'], (int) $entry['upstream_at'] ) : (int) $entry['fetched_at'];
	}

	/**
	 * Takes the key's named lock in the database, waiting up to `$seconds` (0: not at all). A database without
	 * named locks (not MySQL or MariaDB) gives no lock and no coalescing, rather than no data.
	 *
	 * @param string $key     The key.
	 * @param int    $seconds How long to wait.
	 * @return bool Whether this request holds the lock.
	 */
	private function lock( $key, $seconds ) {
		global $wpdb;
		$got = $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, %d)', self::name( 'l', $key ), $seconds ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- a named lock is not data: nothing to cache.
		return null === $got || '1' === (string) $got;
	}

	/**
	 * Releases the key's lock.
	 *
	 * @param string $key The key.
	 */
	private function unlock( $key ) {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', self::name( 'l', $key ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- see lock().
	}

	/**
	 * Forgets what this request remembers of a transient, so the next get_transient() reads the database (another
	 * request may have written it since).
	 *
	 * @param string $name The transient's name.
	 */
	public static function forget_transient_memory( $name ) {
		$options = array( '_transient_' . $name, '_transient_timeout_' . $name );
		foreach ( $options as $option ) {
			wp_cache_delete( $option, 'options' );
		}
		$missing = wp_cache_get( 'notoptions', 'options' );
		if ( is_array( $missing ) ) {
			foreach ( $options as $option ) {
				unset( $missing[ $option ] );
			}
			wp_cache_set( 'notoptions', $missing, 'options' );
		}
	}
}
