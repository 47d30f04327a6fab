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

// The classes under src/ (MerchantElements\X\Y in src/X/Y.php); src/Plugin.php adds every hook.
require_once MERCHANT_ELEMENTS_DIR . 'src/autoload.php';
MerchantElements\Plugin::boot( __FILE__ );

// Translations: WordPress (4.6 and later) loads them by itself for a plugin hosted on WordPress.org, by its text
// domain; languages/merchant-elements.pot (made at build time) is the template translators start from.
