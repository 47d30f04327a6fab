<?php
/**
 * PHPUnit bootstrap: the plugin's autoloader, as built (the core reads the build's generated/ files), with no
 * WordPress (MERCHANT_ELEMENTS_CORE lets the core's files load outside it).
 *
 * @package MerchantElements
 */

define( 'MERCHANT_ELEMENTS_CORE', true );
$merchant_elements_plugin = dirname( __DIR__, 2 ) . '/dist/wordpress/merchant-elements';
if ( ! is_file( $merchant_elements_plugin . '/generated/routes.json' ) ) {
	fwrite( STDERR, "dist/wordpress/merchant-elements is not built: run npm run build first.\n" );
	exit( 1 );
}
require $merchant_elements_plugin . '/src/autoload.php';
require __DIR__ . '/FixtureUpstream.php';
