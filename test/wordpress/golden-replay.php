<?php
/**
 * Replays golden fixtures (scripts/golden-fixtures.ts) through the plugin's PHP gateway core, as built
 * (dist/wordpress/merchant-elements/includes/gateway/load.php): each case's recorded upstream answers are served by
 * a fixture upstream, its request is read with merchant_elements_read_params() and answered by
 * Merchant_Elements_Resources over a memory cache. Prints, per case, what the PHP answered and asked upstream, as
 * JSON, for test/node/wordpress-golden.test.ts to compare with the Node gateway's.
 *
 * Usage: php test/wordpress/golden-replay.php <fixtures.json>
 *
 * @package Merchant_Elements
 */

define( 'MERCHANT_ELEMENTS_CORE', true );
require dirname( __DIR__, 2 ) . '/dist/wordpress/merchant-elements/includes/gateway/load.php';

/**
 * The recorded upstream: answers by api and path, interpreted as the WordPress transport would.
 */
class Merchant_Elements_Fixture_Upstream implements Merchant_Elements_Upstream {

	/**
	 * Recorded exchanges by `api path`.
	 *
	 * @var array
	 */
	private $answers = array();

	/**
	 * What was asked, in order.
	 *
	 * @var string[]
	 */
	public $requests = array();

	/**
	 * Constructor.
	 *
	 * @param array $exchanges The case's exchanges.
	 */
	public function __construct( array $exchanges ) {
		foreach ( $exchanges as $exchange ) {
			$this->answers[ $exchange['api'] . ' ' . $exchange['path'] ] = $exchange;
		}
	}

	/**
	 * A recorded answer.
	 *
	 * @param string $api            The API.
	 * @param string $path_and_query Path and query.
	 * @return array
	 * @throws Merchant_Elements_Error When nothing was recorded for it, or as interpreted.
	 */
	public function get( $api, $path_and_query ) {
		$this->requests[] = $api . ' ' . merchant_elements_strip_credentials( $path_and_query );
		$key              = $api . ' ' . $path_and_query;
		if ( ! isset( $this->answers[ $key ] ) ) {
			throw new Merchant_Elements_Error( 502, 'UPSTREAM_UNAVAILABLE', 'The ' . $api . ' API could not be reached.' );
		}
		$exchange = $this->answers[ $key ];
		return merchant_elements_interpret_upstream( $api, $exchange['status'], $exchange['headers'], $exchange['body'] );
	}
}

$fixtures = json_decode( file_get_contents( $argv[1] ), true );
$results  = array();
foreach ( $fixtures['cases'] as $case ) {
	$upstream  = new Merchant_Elements_Fixture_Upstream( $case['exchanges'] );
	$resources = new Merchant_Elements_Resources( $upstream, new Merchant_Elements_Memory_Cache(), array( 'secure_hosts' => $fixtures['secureHosts'] ) );
	$result    = array(
		'name'          => $case['name'],
		'params'        => null,
		'status'        => null,
		'body'          => null,
		'cache_control' => null,
		'retry_after'   => null,
	);
	try {
		$params           = merchant_elements_read_params( $case['route'], $case['path'], $case['query'] );
		$result['params'] = $params;
		$answer           = $resources->answer( $case['route'], $params );
		$result['status'] = $answer['status'];
		$result['body']   = $answer['value'];
		$result['cache_control'] = $answer['cache_control'];
	} catch ( Merchant_Elements_Error $error ) {
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
