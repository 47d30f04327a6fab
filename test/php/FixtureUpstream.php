<?php
/**
 * The recorded upstream of a golden case.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\Signature;
use MerchantElements\Gateway\Upstream;
use MerchantElements\Gateway\UpstreamClient;

/**
 * Answers by api and path, as recorded from the Node gateway, interpreted as the WordPress transport would.
 */
final class FixtureUpstream implements Upstream {

	/**
	 * Recorded exchanges by `api path`.
	 *
	 * @var array
	 */
	private $answers = array();

	/**
	 * What was asked, in order, without credentials.
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
	 * @throws GatewayError When nothing was recorded for it, or as interpreted.
	 */
	public function get( $api, $path_and_query ) {
		$this->requests[] = $api . ' ' . Signature::strip_credentials( $path_and_query );
		$key              = $api . ' ' . $path_and_query;
		if ( ! isset( $this->answers[ $key ] ) ) {
			throw new GatewayError( 502, 'UPSTREAM_UNAVAILABLE', 'The ' . $api . ' API could not be reached.' );
		}
		$exchange = $this->answers[ $key ];
		return UpstreamClient::interpret( $api, $exchange['status'], $exchange['headers'], $exchange['body'] );
	}
}
