<?php
/**
 * Plugin Name:       Merchant Elements
 * Plugin URI:        https://github.com/merchant-elements/merchant-elements
 * Description:       A restaurant's menus, opening hours, photos and calls to action on any page: blocks, shortcodes, and the snippet from the configurator, for every role.
 * Version:           0.1.0
 * Requires at least: 6.1
 * Requires PHP:      7.4
 * Author:            merchant-elements
 * License:           MIT
 * License URI:       https://opensource.org/licenses/MIT
 * Text Domain:       merchant-elements
 * Domain Path:       /languages
 *
 * @package MerchantElements
 */

defined( 'ABSPATH' ) || exit;

define( 'MERCHANT_ELEMENTS_VERSION', '0.1.0' );
define( 'MERCHANT_ELEMENTS_FILE', __FILE__ );
define( 'MERCHANT_ELEMENTS_DIR', plugin_dir_path( __FILE__ ) );

// One job per file.
require_once MERCHANT_ELEMENTS_DIR . 'includes/gateway/load.php';  // The widget contract in PHP, with no WordPress in it (held to the Node gateway by golden fixtures).
require_once MERCHANT_ELEMENTS_DIR . 'includes/elements.php';      // The element table (generated from the elements' manifest).
require_once MERCHANT_ELEMENTS_DIR . 'includes/connection.php';    // Where the data comes from: this site ("self") or a gateway.
require_once MERCHANT_ELEMENTS_DIR . 'includes/settings.php';      // Options, the settings page, the REST settings.
require_once MERCHANT_ELEMENTS_DIR . 'includes/connection-check.php'; // Test connection, for "self".
require_once MERCHANT_ELEMENTS_DIR . 'includes/data/class-merchant-elements-wp-upstream.php'; // Signed upstream requests with wp_safe_remote_get.
require_once MERCHANT_ELEMENTS_DIR . 'includes/data/class-merchant-elements-wp-cache.php';    // The cache on the object cache or transients.
require_once MERCHANT_ELEMENTS_DIR . 'includes/data/changes.php';   // The change feeds, by WP-Cron.
require_once MERCHANT_ELEMENTS_DIR . 'includes/data/rest.php';      // The contract under the site's REST API.
require_once MERCHANT_ELEMENTS_DIR . 'includes/data/page-data.php'; // The page's data printed in the page.
require_once MERCHANT_ELEMENTS_DIR . 'includes/render.php';        // An element's markup from its attributes: blocks and shortcodes share it.
require_once MERCHANT_ELEMENTS_DIR . 'includes/assets.php';     // The bundle and the page defaults, printed once where an element is used.
require_once MERCHANT_ELEMENTS_DIR . 'includes/shortcodes.php'; // [merchant-menu …] and the others.
require_once MERCHANT_ELEMENTS_DIR . 'includes/blocks.php';     // A dynamic block per element.
require_once MERCHANT_ELEMENTS_DIR . 'includes/kses.php';       // The elements' safe attributes through the HTML filter, for every role.

// New classes (the layout php-house is moving the plugin to: src/WordPress/, one class per file, each with register()).
require_once MERCHANT_ELEMENTS_DIR . 'src/WordPress/Directory.php'; // Find a place by name: the picker's route, the plugin's table.
\MerchantElements\WordPress\Directory::register();

// Data that knows its age, the page caches purged when it changes, and what the owner sees of it (issue 26). Classes
// under src/WordPress/ (namespace MerchantElements\WordPress), loaded here until the plugin's autoloader does.
foreach ( array( 'DataAge', 'DataStatus', 'DataChanges', 'RenderedLocations', 'PageCachePurge', 'SiteHealth', 'DataAsOf' ) as $merchant_elements_class ) {
	require_once MERCHANT_ELEMENTS_DIR . 'src/WordPress/' . $merchant_elements_class . '.php';
	call_user_func( array( 'MerchantElements\\WordPress\\' . $merchant_elements_class, 'register' ) );
}
unset( $merchant_elements_class );

register_deactivation_hook( __FILE__, 'merchant_elements_deactivate' );

/** Stops the change-feed polling (it starts again when the plugin is active and fetches its own data). */
function merchant_elements_deactivate() {
	wp_clear_scheduled_hook( 'merchant_elements_poll_changes' );
	wp_clear_scheduled_hook( 'merchant_elements_build_directory' );
}

// Translations: WordPress (4.6 and later) loads them by itself for a plugin hosted on WordPress.org, by its text
// domain; languages/merchant-elements.pot (made at build time) is the template translators start from.
