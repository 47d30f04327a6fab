<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Plugin.
 *
 * @package MerchantElements
 */

namespace MerchantElements;

use MerchantElements\WordPress\Assets;
use MerchantElements\WordPress\Blocks;
use MerchantElements\WordPress\Changes;
use MerchantElements\WordPress\ConnectionCheck;
use MerchantElements\WordPress\DataAge;
use MerchantElements\WordPress\DataAsOf;
use MerchantElements\WordPress\DataBlocks;
use MerchantElements\WordPress\DataChanges;
use MerchantElements\WordPress\DataStatus;
use MerchantElements\WordPress\Directory;
use MerchantElements\WordPress\Kses;
use MerchantElements\WordPress\PageCachePurge;
use MerchantElements\WordPress\PageRenders;
use MerchantElements\WordPress\PreloadHints;
use MerchantElements\WordPress\RenderedLocations;
use MerchantElements\WordPress\Rest;
use MerchantElements\WordPress\Settings;
use MerchantElements\WordPress\Shortcodes;
use MerchantElements\WordPress\SiteHealth;

defined( 'ABSPATH' ) || exit;

/**
 * The one bootstrap: every hook the plugin adds is added from here, through each adapter's register(). The classes
 * under Gateway\ are the widget contract with no WordPress in them (held to the Node gateway by golden fixtures);
 * those under WordPress\ adapt it to WordPress.
 */
final class Plugin {

	/**
	 * The adapters that add hooks, each with one job.
	 *
	 * @var string[]
	 */
	const ADAPTERS = array(
		Settings::class,        // Options, the settings page, the REST settings.
		ConnectionCheck::class, // Test connection, for "self".
		Changes::class,         // The change feeds, by WP-Cron.
		Rest::class,            // The contract under the site's REST API.
		Assets::class,          // The bundle and the page defaults, printed once where an element is used.
		Shortcodes::class,      // [merchant-menu …] and the others.
		Blocks::class,          // A dynamic block per element.
		PageRenders::class,     // With a gateway, the page's renders fetched together before it is printed.
		PreloadHints::class,    // What the page will need (the bundle, its languages, data), said in its head.
		DataBlocks::class,      // The page's data blocks after its content, once per URL.
		Kses::class,            // The elements' safe attributes through the HTML filter, for every role.
		Directory::class,       // Find a place by name: the picker's route, the plugin's table.
		// Data that knows its age, the page caches purged when it changes, and what the owner sees of it.
		DataAge::class,
		DataStatus::class,
		DataChanges::class,
		RenderedLocations::class,
		PageCachePurge::class,
		SiteHealth::class,
		DataAsOf::class,
	);

	/**
	 * Adds every hook. Called once, from merchant-elements.php.
	 *
	 * @param string $plugin_file The plugin's main file.
	 */
	public static function boot( $plugin_file ) {
		foreach ( self::ADAPTERS as $adapter ) {
			$adapter::register();
		}
		register_deactivation_hook( $plugin_file, array( self::class, 'deactivate' ) );
	}

	/** Stops the change-feed polling and the directory's build (they start again when the plugin is active and fetches its own data). */
	public static function deactivate() {
		wp_clear_scheduled_hook( 'merchant_elements_poll_changes' );
		wp_clear_scheduled_hook( 'merchant_elements_build_directory' );
	}
}
