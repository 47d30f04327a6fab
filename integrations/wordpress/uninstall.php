<?php
/**
 * Uninstalling: src/WordPress/Uninstaller.php removes what the plugin stored (posts keep their blocks).
 *
 * @package MerchantElements
 */

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

require_once __DIR__ . '/src/autoload.php';
MerchantElements\WordPress\Uninstaller::run();
