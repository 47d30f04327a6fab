<?php
/**
 * A persistent object cache for tests: WordPress's own WP_Object_Cache, with every group except the non-persistent
 * ones also kept in files (one a key, with its expiry), so what one request stores the next one reads, as with the
 * Redis or Memcached drop-ins of managed hosts. Installed as wp-content/object-cache.php by a test, removed after.
 * Not for production: no locking (the plugin's coalescing uses the database's named locks, not the cache).
 *
 * @package MerchantElements
 */

require_once ABSPATH . WPINC . '/class-wp-object-cache.php';

/** WP_Object_Cache, kept in files as well as in memory. */
class Merchant_Test_File_Cache extends WP_Object_Cache {

	/**
	 * Groups kept for this request only.
	 *
	 * @var array<string, true>
	 */
	public $local_groups = array();

	/**
	 * The file of a key.
	 *
	 * @param string $key   The key.
	 * @param string $group The group.
	 * @return string
	 */
	private function file( $key, $group ) {
		return MERCHANT_TEST_OBJECT_CACHE_DIR . '/' . md5( ( $group ? $group : 'default' ) . "\0" . $key ) . '.cache';
	}

	/**
	 * Whether a group is kept in files.
	 *
	 * @param string $group The group.
	 * @return bool
	 */
	private function persistent( $group ) {
		return ! isset( $this->local_groups[ $group ? $group : 'default' ] );
	}

	public function get( $key, $group = 'default', $force = false, &$found = null ) { // phpcs:ignore
		if ( ! $force ) {
			$value = parent::get( $key, $group, false, $found );
			if ( $found || ! $this->persistent( $group ) ) {
				return $value;
			}
		}
		$found = false;
		$file  = $this->file( $key, $group );
		if ( ! is_file( $file ) ) {
			return false;
		}
		$stored = unserialize( (string) file_get_contents( $file ) ); // phpcs:ignore
		if ( ! is_array( $stored ) || ( $stored['expires'] && $stored['expires'] < time() ) ) {
			return false;
		}
		$found = true;
		parent::set( $key, $stored['data'], $group, 0 );
		return is_object( $stored['data'] ) ? clone $stored['data'] : $stored['data'];
	}

	public function set( $key, $data, $group = 'default', $expire = 0 ) { // phpcs:ignore
		$result = parent::set( $key, $data, $group, $expire );
		if ( $result && $this->persistent( $group ) ) {
			if ( ! is_dir( MERCHANT_TEST_OBJECT_CACHE_DIR ) ) {
				mkdir( MERCHANT_TEST_OBJECT_CACHE_DIR, 0777, true );
			}
			$file = $this->file( $key, $group );
			file_put_contents( $file . '.tmp' . getmypid(), serialize( array( 'data' => $data, 'expires' => $expire ? time() + (int) $expire : 0 ) ) ); // phpcs:ignore
			rename( $file . '.tmp' . getmypid(), $file );
		}
		return $result;
	}

	public function add( $key, $data, $group = 'default', $expire = 0 ) { // phpcs:ignore
		$found = false;
		$this->get( $key, $group, false, $found );
		return $found ? false : $this->set( $key, $data, $group, $expire );
	}

	public function replace( $key, $data, $group = 'default', $expire = 0 ) { // phpcs:ignore
		$found = false;
		$this->get( $key, $group, false, $found );
		return $found ? $this->set( $key, $data, $group, $expire ) : false;
	}

	public function delete( $key, $group = 'default', $deprecated = false ) { // phpcs:ignore
		parent::delete( $key, $group );
		$file = $this->file( $key, $group );
		return is_file( $file ) ? unlink( $file ) : false;
	}

	public function incr( $key, $offset = 1, $group = 'default' ) { // phpcs:ignore
		$value = (int) $this->get( $key, $group ) + (int) $offset;
		$this->set( $key, max( 0, $value ), $group );
		return max( 0, $value );
	}

	public function decr( $key, $offset = 1, $group = 'default' ) { // phpcs:ignore
		return $this->incr( $key, -(int) $offset, $group );
	}

	public function flush() { // phpcs:ignore
		parent::flush();
		foreach ( (array) glob( MERCHANT_TEST_OBJECT_CACHE_DIR . '/*.cache' ) as $file ) {
			unlink( $file );
		}
		return true;
	}
}

if ( ! defined( 'MERCHANT_TEST_OBJECT_CACHE_DIR' ) ) {
	define( 'MERCHANT_TEST_OBJECT_CACHE_DIR', WP_CONTENT_DIR . '/object-cache-files' );
}

// The object cache API, as wp-includes/cache.php defines it, over the class above. What is not here (the _multiple
// functions, flush_group, supports) WordPress fills in from cache-compat.php.
function wp_cache_init() { $GLOBALS['wp_object_cache'] = new Merchant_Test_File_Cache(); } // phpcs:ignore
function wp_cache_add( $key, $data, $group = '', $expire = 0 ) { return $GLOBALS['wp_object_cache']->add( $key, $data, $group, (int) $expire ); } // phpcs:ignore
function wp_cache_replace( $key, $data, $group = '', $expire = 0 ) { return $GLOBALS['wp_object_cache']->replace( $key, $data, $group, (int) $expire ); } // phpcs:ignore
function wp_cache_set( $key, $data, $group = '', $expire = 0 ) { return $GLOBALS['wp_object_cache']->set( $key, $data, $group, (int) $expire ); } // phpcs:ignore
function wp_cache_get( $key, $group = '', $force = false, &$found = null ) { return $GLOBALS['wp_object_cache']->get( $key, $group, $force, $found ); } // phpcs:ignore
function wp_cache_delete( $key, $group = '' ) { return $GLOBALS['wp_object_cache']->delete( $key, $group ); } // phpcs:ignore
function wp_cache_incr( $key, $offset = 1, $group = '' ) { return $GLOBALS['wp_object_cache']->incr( $key, $offset, $group ); } // phpcs:ignore
function wp_cache_decr( $key, $offset = 1, $group = '' ) { return $GLOBALS['wp_object_cache']->decr( $key, $offset, $group ); } // phpcs:ignore
function wp_cache_flush() { return $GLOBALS['wp_object_cache']->flush(); } // phpcs:ignore
function wp_cache_close() { return true; } // phpcs:ignore
function wp_cache_add_global_groups( $groups ) { $GLOBALS['wp_object_cache']->add_global_groups( $groups ); } // phpcs:ignore
function wp_cache_add_non_persistent_groups( $groups ) { foreach ( (array) $groups as $group ) { $GLOBALS['wp_object_cache']->local_groups[ $group ] = true; } } // phpcs:ignore
function wp_cache_switch_to_blog( $blog_id ) { $GLOBALS['wp_object_cache']->switch_to_blog( $blog_id ); } // phpcs:ignore
function wp_cache_reset() { $GLOBALS['wp_object_cache']->reset(); } // phpcs:ignore
