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
require_once MERCHANT_ELEMENTS_DIR . 'includes/elements.php';   // The element table (generated from the elements' manifest).
require_once MERCHANT_ELEMENTS_DIR . 'includes/settings.php';   // Options, the settings page, the REST settings.
require_once MERCHANT_ELEMENTS_DIR . 'includes/render.php';     // An element's markup from its attributes: blocks and shortcodes share it.
require_once MERCHANT_ELEMENTS_DIR . 'includes/assets.php';     // The bundle and the page defaults, printed once where an element is used.
require_once MERCHANT_ELEMENTS_DIR . 'includes/shortcodes.php'; // [merchant-menu …] and the others.
require_once MERCHANT_ELEMENTS_DIR . 'includes/blocks.php';     // A dynamic block per element.
require_once MERCHANT_ELEMENTS_DIR . 'includes/kses.php';       // The elements' safe attributes through the HTML filter, for every role.

// Translations: WordPress (4.6 and later) loads them by itself for a plugin hosted on WordPress.org, by its text
// domain; languages/merchant-elements.pot (made at build time) is the template translators start from.
