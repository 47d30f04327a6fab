<?php
/**
 * Request parameters as the routes declare them (src/gateway/request-params.ts over routes.json).
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\RequestParams;
use PHPUnit\Framework\TestCase;

/**
 * Parameters read, canonical, or refused with the 400 naming them.
 */
final class RequestParamsTest extends TestCase {

	/** Canonical parameters: absent values null, lists sorted and unique, action types by name or id. */
	public function test_reads_canonical_parameters() {
		$params = RequestParams::read_params( 'location_nearby', array( 'id' => 'test-pizzeria' ), array( 'cuisine' => ' b, a ,b', 'type' => '2' ) );
		$this->assertSame( array( 'a', 'b' ), $params['cuisine'] );
		$this->assertSame( 'deal', $params['type'] );
		$this->assertNull( $params['radius'] );
		$this->assertSame( 'test-pizzeria', $params['id'] );
	}

	/**
	 * Bad requests, and the message that names the parameter.
	 *
	 * @return array
	 */
	public function refusals() {
		return array(
			'unknown parameter' => array( 'menus', array( 'id' => 'a' ), array( 'x' => '1' ), 'Parameter "x" is not a parameter of this endpoint (known: format).' ),
			'bad location id'   => array( 'location', array( 'id' => 'a/../b' ), array(), 'Parameter "id" must be a location id (letters, digits, and . _ ~ -, at most 128 characters).' ),
			'bad boolean'       => array( 'actions', array( 'id' => 'a' ), array( 'top' => 'yes' ), 'Parameter "top" must be true or false.' ),
		);
	}

	/**
	 * Each refusal is a 400 INVALID_PARAMETER with its message.
	 *
	 * @dataProvider refusals
	 * @param string $route   Route name.
	 * @param array  $path    Path parameters.
	 * @param array  $query   Query.
	 * @param string $message The message.
	 */
	public function test_refuses_with_a_clear_message( $route, array $path, array $query, $message ) {
		try {
			RequestParams::read_params( $route, $path, $query );
			$this->fail( 'accepted' );
		} catch ( GatewayError $error ) {
			$this->assertSame( 400, $error->status );
			$this->assertSame( 'INVALID_PARAMETER', $error->error_code );
			$this->assertSame( $message, $error->getMessage() );
		}
	}
}
