<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * The plugin purges what it printed. A page cache keeps a page with the data it was rendered with (WP Rocket ten
 * hours by default, Cloudflare's APO up to a month); when a location's data changed (DataChanges), the pages that
 * show it (RenderedLocations) are dropped from the site's page cache, through each caching plugin's own documented
 * purge function or hook, for those that are active only:
 *
 * | cache           | one post                                          | everything                          |
 * |-----------------|---------------------------------------------------|-------------------------------------|
 * | WP Rocket       | rocket_clean_post( $id )                          | rocket_clean_domain()               |
 * | W3 Total Cache  | w3tc_flush_post( $id )                            | w3tc_flush_all()                    |
 * | LiteSpeed Cache | do_action( 'litespeed_purge_post', $id )          | do_action( 'litespeed_purge_all' )  |
 * | WP Super Cache  | wpsc_delete_post_cache( $id )                     | wp_cache_clear_cache()              |
 * | WP Fastest Cache| wpfc_clear_post_cache_by_id( $id )                | wpfc_clear_all_cache()              |
 * | Cloudflare      | $cloudflareHooks->purgeCacheByRelevantURLs( ids ) | $cloudflareHooks->purgeCacheEverything() |
 * | core            | clean_post_cache( $id ) (its action is what host caches and object caches listen to) | |
 *
 * (Where each is documented: docs/wordpress.md, "Page caches".) A location shown on the home page, an archive or
 * another page that is not one post, or on more than POSTS_MAX posts, purges the whole cache: no cache's API can
 * name such a page by post. What was done is recorded for Site Health (DataStatus).
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/** Purges the page caches. */
final class PageCachePurge {

	/**
	 * Locations purged in this request (a change touches several cache entries of one location: one purge).
	 *
	 * @var array<string, true>
	 */
	private static $done = array();

	/** Hooks the purge to a change. */
	public static function register() {
		add_action( 'merchant_elements_location_changed', array( __CLASS__, 'purge_location' ) );
	}

	/**
	 * The page caches this plugin knows, each with how to tell it is active and how to purge a post and everything.
	 *
	 * @return array<string, array{name: string, active: callable, post: callable, all: callable}>
	 */
	public static function caches() {
		return array(
			'wp-rocket'        => array(
				'name'   => 'WP Rocket',
				'active' => function () {
					return function_exists( 'rocket_clean_post' );
				},
				'post'   => function ( $id ) {
					rocket_clean_post( $id );
				},
				'all'    => function () {
					rocket_clean_domain();
				},
			),
			'w3-total-cache'   => array(
				'name'   => 'W3 Total Cache',
				'active' => function () {
					return function_exists( 'w3tc_flush_post' );
				},
				'post'   => function ( $id ) {
					w3tc_flush_post( $id );
				},
				'all'    => function () {
					w3tc_flush_all();
				},
			),
			'litespeed-cache'  => array(
				'name'   => 'LiteSpeed Cache',
				'active' => function () {
					return false !== has_action( 'litespeed_purge_post' );
				},
				'post'   => function ( $id ) {
					do_action( 'litespeed_purge_post', $id ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- LiteSpeed Cache's own hook.
				},
				'all'    => function () {
					do_action( 'litespeed_purge_all' ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- LiteSpeed Cache's own hook.
				},
			),
			'wp-super-cache'   => array(
				'name'   => 'WP Super Cache',
				'active' => function () {
					return function_exists( 'wpsc_delete_post_cache' );
				},
				'post'   => function ( $id ) {
					wpsc_delete_post_cache( $id );
				},
				'all'    => function () {
					if ( function_exists( 'wp_cache_clear_cache' ) ) {
						wp_cache_clear_cache();
					}
				},
			),
			'wp-fastest-cache' => array(
				'name'   => 'WP Fastest Cache',
				'active' => function () {
					return function_exists( 'wpfc_clear_post_cache_by_id' );
				},
				'post'   => function ( $id ) {
					wpfc_clear_post_cache_by_id( $id );
				},
				'all'    => function () {
					if ( function_exists( 'wpfc_clear_all_cache' ) ) {
						wpfc_clear_all_cache();
					}
				},
			),
			'cloudflare'       => array(
				'name'   => 'Cloudflare',
				'active' => function () {
					return isset( $GLOBALS['cloudflareHooks'] ) && is_object( $GLOBALS['cloudflareHooks'] ) && method_exists( $GLOBALS['cloudflareHooks'], 'purgeCacheByRelevantURLs' );
				},
				'post'   => function ( $id ) {
					$GLOBALS['cloudflareHooks']->purgeCacheByRelevantURLs( array( $id ) );
				},
				'all'    => function () {
					$GLOBALS['cloudflareHooks']->purgeCacheEverything();
				},
			),
		);
	}

	/**
	 * The names of the page caches active on this site.
	 *
	 * @return array<string, string> key => name
	 */
	public static function active() {
		$active = array();
		foreach ( self::caches() as $key => $cache ) {
			if ( call_user_func( $cache['active'] ) ) {
				$active[ $key ] = $cache['name'];
			}
		}
		return $active;
	}

	/**
	 * Drops the pages that show a location from the page caches (once per request).
	 *
	 * @param string $location The location id.
	 */
	public static function purge_location( $location ) {
		$location = (string) $location;
		if ( isset( self::$done[ $location ] ) ) {
			return;
		}
		self::$done[ $location ] = true;
		$posts                   = RenderedLocations::posts( $location );
		$wide                    = RenderedLocations::site_wide();
		$whole                   = '';
		if ( isset( $wide[ $location ] ) ) {
			/* translators: %s: the kind of page: home, archive, search, feed or other */
			$whole = sprintf( __( 'the location is shown on a page that is not a single post (%s), which no page cache can purge by post', 'merchant-elements' ), $wide[ $location ] );
		} elseif ( count( $posts ) > RenderedLocations::POSTS_MAX ) {
			/* translators: %d: a number of posts */
			$whole = sprintf( __( 'the location is shown on more than %d posts', 'merchant-elements' ), RenderedLocations::POSTS_MAX );
		}
		if ( '' === $whole && array() === $posts ) {
			return;
		}
		foreach ( $posts as $post ) {
			clean_post_cache( $post );
		}
		$active = self::active();
		$caches = self::caches();
		foreach ( array_keys( $active ) as $key ) {
			if ( '' !== $whole ) {
				call_user_func( $caches[ $key ]['all'] );
				continue;
			}
			foreach ( $posts as $post ) {
				call_user_func( $caches[ $key ]['post'], $post );
			}
		}
		DataStatus::purged(
			array(
				'time'     => time(),
				'location' => $location,
				'posts'    => $posts,
				'caches'   => array_values( $active ),
				'whole'    => $whole,
			)
		);
		/**
		 * The pages showing a location were purged: for a host's cache the plugin does not know.
		 *
		 * @param string $location The location id.
		 * @param int[]  $posts    The posts that show it.
		 * @param string $whole    Why the whole cache was purged, or ''.
		 */
		do_action( 'merchant_elements_purged', $location, $posts, $whole );
	}
}
