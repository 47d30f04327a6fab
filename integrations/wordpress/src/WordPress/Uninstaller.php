<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Uninstaller.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * Uninstalling removes everything the plugin stored, on every site of a multisite: its settings and credentials,
 * its cached data (transients, last good copies, the change-feed marks and cursors, the miss budgets), its
 * directory's table and its scheduled poll and build, the data's status (merchant_elements_data_status) and which pages
 * show which location (the option merchant_elements_site_wide and the posts' _merchant_elements_location meta). Posts keep their blocks and shortcodes: they are the authors' content, and render again if the
 * plugin comes back.
 */
final class Uninstaller {

	/** Removes everything, from every site of a multisite and the network's options. */
	public static function run() {
		global $wpdb;
		if ( ! is_multisite() ) {
			self::uninstall_site();
			return;
		}
		foreach ( get_sites(
			array(
				'fields' => 'ids',
				'number' => 0,
			)
		) as $site ) {
			switch_to_blog( $site );
			self::uninstall_site();
			restore_current_blog();
		}
		$network = (array) $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->sitemeta} WHERE meta_key LIKE %s", 'merchant\\_elements\\_%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- uninstalling: every network option by prefix.
		foreach ( $network as $option ) {
			delete_site_option( $option );
		}
	}

	/** Removes the plugin's options, transients and scheduled events from the current site. */
	private static function uninstall_site() {
		global $wpdb;
		wp_clear_scheduled_hook( 'merchant_elements_poll_changes' );
		wp_clear_scheduled_hook( 'merchant_elements_build_directory' );
		$like  = array( 'merchant\\_elements\\_%', '\\_transient\\_merchant\\_elements\\_%', '\\_transient\\_timeout\\_merchant\\_elements\\_%' );
		$names = array();
		foreach ( $like as $pattern ) {
			$names = array_merge( $names, (array) $wpdb->get_col( $wpdb->prepare( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE %s", $pattern ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- uninstalling: every option by prefix.
		}
		foreach ( $names as $name ) {
			delete_option( $name );
		}
		// The directory's table (src/WordPress/Directory.php).
		$wpdb->query( "DROP TABLE IF EXISTS {$wpdb->prefix}merchant_elements_directory" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- uninstalling: the plugin's own table.
		// Which posts show which location (src/WordPress/RenderedLocations.php).
		delete_post_meta_by_key( '_merchant_elements_location' );
		// The object cache's group of cached data, where the site has a persistent object cache that can drop a group.
		if ( function_exists( 'wp_cache_supports' ) && wp_cache_supports( 'flush_group' ) ) {
			wp_cache_flush_group( 'merchant_elements' );
		}
	}
}
