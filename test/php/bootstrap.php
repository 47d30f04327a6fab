<?php
/**
 * PHPUnit bootstrap: the plugin's autoloader, as built (the core reads the build's generated/ files), with no
 * WordPress. Every plugin file refuses to run unless ABSPATH is defined (a request straight to the file is not
 * WordPress); the core needs nothing else of WordPress, so defining it is all it takes to load the core here.
 *
 * @package MerchantElements
 */

define( 'ABSPATH', dirname( __DIR__, 2 ) . '/' );
$merchant_elements_plugin = dirname( __DIR__, 2 ) . '/dist/wordpress/merchant-elements';
if ( ! is_file( $merchant_elements_plugin . '/generated/routes.json' ) ) {
	fwrite( STDERR, "dist/wordpress/merchant-elements is not built: run npm run build first.\n" );
	exit( 1 );
}
require $merchant_elements_plugin . '/src/autoload.php';
require __DIR__ . '/FixtureUpstream.php';
