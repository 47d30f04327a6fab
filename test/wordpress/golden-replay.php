<?php
/**
 * Replays golden fixtures (scripts/golden-fixtures.ts) through the plugin's PHP gateway core, as built
 * (dist/wordpress/merchant-elements/src/Gateway/): each case's recorded upstream answers are served by a fixture
 * upstream, its request is read with RequestParams::read_params() and answered by Resources over a memory cache. Prints, per case, what the PHP answered and asked upstream, as
 * JSON, for test/node/wordpress-golden.test.ts to compare with the Node gateway's.
 *
 * Usage: php test/wordpress/golden-replay.php <fixtures.json>
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\MemoryCache;
use MerchantElements\Gateway\RequestParams;
use MerchantElements\Gateway\Resources\Resources;

define( 'ABSPATH', dirname( __DIR__, 2 ) . '/' ); // The core's files load where ABSPATH is defined; it needs nothing else of WordPress.
require dirname( __DIR__, 2 ) . '/dist/wordpress/merchant-elements/src/autoload.php';

require dirname( __DIR__ ) . '/php/FixtureUpstream.php';

$fixtures = json_decode( file_get_contents( $argv[1] ), true );
$results  = array();
foreach ( $fixtures['cases'] as $case ) {
	$upstream  = new FixtureUpstream( $case['exchanges'] );
	$resources = new Resources( $upstream, new MemoryCache(), array( 'secure_hosts' => $fixtures['secureHosts'] ) );
	$result    = array(
		'name'          => $case['name'],
		'params'        => null,
		'status'        => null,
		'body'          => null,
		'cache_control' => null,
		'retry_after'   => null,
	);
	try {
		$params           = RequestParams::read_params( $case['route'], $case['path'], $case['query'] );
		$result['params'] = $params;
		$answer           = $resources->answer( $case['route'], $params );
		$result['status'] = $answer['status'];
		$result['body']   = $answer['value'];
		$result['cache_control'] = $answer['cache_control'];
	} catch ( GatewayError $error ) {
		if ( null === $result['params'] ) {
			$result['params'] = array( 'error' => $error->to_resource() );
		}
		$result['status']      = $error->status;
		$result['body']        = $error->to_resource();
		$result['retry_after'] = $error->retry_after;
	}
	$result['requests'] = $upstream->requests;
	$results[]          = $result;
}
echo json_encode( array( 'cases' => $results ), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR );
