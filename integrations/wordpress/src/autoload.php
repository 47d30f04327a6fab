<?php
/**
 * The plugin's own PSR-4 class loader: `MerchantElements\X\Y` is src/X/Y.php. No Composer: the plugin directory
 * ships no vendor folder, and this is all a loader of one namespace needs.
 *
 * @package MerchantElements
 */

defined( 'ABSPATH' ) || exit;

spl_autoload_register(
	static function ( $class_name ) {
		$prefix = 'MerchantElements\\';
		if ( 0 !== strncmp( $class_name, $prefix, strlen( $prefix ) ) ) {
			return;
		}
		$file = __DIR__ . '/' . str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) ) . '.php';
		if ( is_file( $file ) ) {
			require $file;
		}
	}
);
