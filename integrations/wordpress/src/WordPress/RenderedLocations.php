<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Which pages show which location, recorded as they render (blocks, shortcodes and pasted snippets all render
 * through Render::render_element(), which announces `merchant_elements_rendered`), so a change of one
 * location purges only the pages that show it.
 *
 * - On a single post or page (is_singular()), the element is on that URL, wherever on the page it is (the content,
 *   a widget, the template): the post gets a `_merchant_elements_location` meta row per location, once.
 * - Anywhere else (the blog's home page, an archive, a search, a feed), the page is not a post a page cache's API can
 *   name: the location is noted as shown site-wide (the option `merchant_elements_site_wide`, location => the kind
 *   of page), and its change purges the whole page cache, for that reason.
 * Only front-end views count (not the editor's previews, REST requests, cron or the admin). Saving a post forgets
 * its rows: its next render records what it shows now (the caching plugins purge a saved post themselves).
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/** The index of rendered locations. */
final class RenderedLocations {

	/** The post meta key (one row per location shown). */
	const META = '_merchant_elements_location';
	/** The option of locations shown beyond single posts. */
	const SITE_WIDE = 'merchant_elements_site_wide';
	/** Posts purged one by one at most; a location shown on more purges the whole cache. */
	const POSTS_MAX = 100;

	/** Hooks the recording. */
	public static function register() {
		add_action( 'merchant_elements_rendered', array( __CLASS__, 'record' ), 10, 2 );
		add_action( 'save_post', array( __CLASS__, 'forget_post' ) );
	}

	/**
	 * Records where an element rendered.
	 *
	 * @param string                $tag    The element's tag.
	 * @param array<string, string> $values Its attributes, checked.
	 */
	public static function record( $tag, array $values ) {
		$location = isset( $values['location-id'] ) && '' !== $values['location-id'] ? $values['location-id'] : (string) get_option( 'merchant_elements_location_id', '' );
		if ( '' === $location || ! did_action( 'wp' ) || is_admin() || wp_doing_ajax() || wp_doing_cron() || ( defined( 'REST_REQUEST' ) && REST_REQUEST ) ) {
			return;
		}
		$post = is_singular() ? (int) get_queried_object_id() : 0;
		if ( $post > 0 ) {
			if ( ! in_array( $location, get_post_meta( $post, self::META, false ), true ) ) {
				add_post_meta( $post, self::META, $location );
			}
			return;
		}
		$kind = is_front_page() || is_home() ? 'home' : ( is_archive() ? 'archive' : ( is_search() ? 'search' : ( is_feed() ? 'feed' : 'other' ) ) );
		$wide = self::site_wide();
		if ( ! isset( $wide[ $location ] ) ) {
			$wide[ $location ] = $kind;
			update_option( self::SITE_WIDE, $wide, false );
		}
	}

	/**
	 * Forgets what a saved post showed.
	 *
	 * @param int $post The post id.
	 */
	public static function forget_post( $post ) {
		if ( ! wp_is_post_revision( $post ) ) {
			delete_post_meta( $post, self::META );
		}
	}

	/**
	 * Locations shown beyond single posts, with the kind of page.
	 *
	 * @return array<string, string>
	 */
	public static function site_wide() {
		$wide = get_option( self::SITE_WIDE, array() );
		return is_array( $wide ) ? $wide : array();
	}

	/**
	 * The published posts that show a location (at most POSTS_MAX + 1, to tell "too many").
	 *
	 * @param string $location The location id.
	 * @return int[]
	 */
	public static function posts( $location ) {
		return array_map(
			'intval',
			get_posts(
				array(
					'post_type'              => array_values( get_post_types( array( 'public' => true ) ) ),
					'post_status'            => 'publish',
					'meta_key'               => self::META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- run by the change feeds, not by visitors.
					'meta_value'             => $location, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value -- see above.
					'fields'                 => 'ids',
					'posts_per_page'         => self::POSTS_MAX + 1,
					'orderby'                => 'ID',
					'order'                  => 'ASC',
					'no_found_rows'          => true,
					'suppress_filters'       => true,
					'update_post_term_cache' => false,
				)
			)
		);
	}

	/**
	 * Whether any page is known to show a location (the default location always is, where elements rely on it).
	 *
	 * @param string $location The location id.
	 * @return bool
	 */
	public static function is_shown( $location ) {
		$location = (string) $location;
		return isset( self::site_wide()[ $location ] ) || (string) get_option( 'merchant_elements_location_id', '' ) === $location || array() !== self::posts( $location );
	}
}
