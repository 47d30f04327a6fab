<?php
/**
 * Uninstalling removes every option the plugin stored (the settings, as settings.php declares them). Posts keep
 * their blocks and shortcodes: they are the authors' content, and render again if the plugin comes back.
 *
 * @package MerchantElements
 */

if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
	exit;
}

if ( ! defined( 'MERCHANT_ELEMENTS_FILE' ) ) {
	define( 'MERCHANT_ELEMENTS_FILE', __DIR__ . '/merchant-elements.php' );
}
require_once __DIR__ . '/includes/settings.php';

foreach ( array_keys( merchant_elements_settings() ) as $merchant_elements_option ) {
	delete_option( $merchant_elements_option );
	delete_site_option( $merchant_elements_option );
}
