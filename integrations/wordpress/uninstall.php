<?php
/**
 * Uninstalling removes everything the plugin stored, on every site of a multisite: its settings and credentials,
 * its cached data (transients, last good copies, the change-feed marks and cursors, the miss budgets), its
 * directory's table and its scheduled poll and build, the data's status (merchant_elements_data_status) and which pages
 * show which location (the option merchant_elements_site_wide and the posts' _merchant_elements_location meta). Posts keep their blocks and shortcodes: they are the authors' content, and render again if the
 * plugin comes back.
 *
 * @package MerchantElements
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

/** Removes the plugin's options, transients and scheduled events from the current site. */
function merchant_elements_uninstall_site() {
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
	merchant_elements_uninstall_cache_group();
	// Which posts show which location (src/WordPress/RenderedLocations.php).
	delete_post_meta_by_key( '_merchant_elements_location' );
}

/** The object cache's group of cached data, where the site has a persistent object cache that can drop a group. */
function merchant_elements_uninstall_cache_group() {
	if ( function_exists( 'wp_cache_supports' ) && wp_cache_supports( 'flush_group' ) ) {
		wp_cache_flush_group( 'merchant_elements' );
	}
}

if ( is_multisite() ) {
	foreach ( get_sites( array( 'fields' => 'ids', 'number' => 0 ) ) as $merchant_elements_site ) {
		switch_to_blog( $merchant_elements_site );
		merchant_elements_uninstall_site();
		restore_current_blog();
	}
	global $wpdb;
	$merchant_elements_network = (array) $wpdb->get_col( $wpdb->prepare( "SELECT meta_key FROM {$wpdb->sitemeta} WHERE meta_key LIKE %s", 'merchant\\_elements\\_%' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- uninstalling: every network option by prefix.
	foreach ( $merchant_elements_network as $merchant_elements_option ) {
		delete_site_option( $merchant_elements_option );
	}
} else {
	merchant_elements_uninstall_site();
}
