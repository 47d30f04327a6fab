<?php
/**
 * The golden fixtures as a data provider: each case the Node gateway answered (scripts/golden-fixtures.ts, made on
 * each run and named by GOLDEN_FIXTURES) replayed through the PHP core must give the same parameters, status, JSON,
 * upstream requests, Cache-Control and Retry-After.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\MemoryCache;
use MerchantElements\Gateway\RequestParams;
use MerchantElements\Gateway\Resources\Resources;
use PHPUnit\Framework\TestCase;

/**
 * The PHP core against the Node gateway's answers.
 */
final class GoldenTest extends TestCase {

	/**
	 * The fixtures file's cases, by name.
	 *
	 * @return array<string, array{0: array, 1: string[]}>
	 */
	public function cases() {
		$file = getenv( 'GOLDEN_FIXTURES' );
		if ( ! $file || ! is_file( $file ) ) {
			throw new \RuntimeException( 'GOLDEN_FIXTURES names no file: run test/node/wordpress-golden.test.ts, which makes the fixtures and runs PHPUnit, or write them with npm run fixtures:golden -- --out FILE.' );
		}
		$fixtures = json_decode( (string) file_get_contents( $file ), true );
		$cases    = array();
		foreach ( $fixtures['cases'] as $case ) {
			$cases[ $case['name'] ] = array( $case, $fixtures['secureHosts'] );
		}
		return $cases;
	}

	/**
	 * A JSON value as JavaScript reads it back (PHP's 1.0 and JavaScript's 1 are the same number).
	 *
	 * @param mixed $value A value.
	 * @return mixed
	 */
	private static function as_json( $value ) {
		return json_decode( (string) json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION ), true );
	}

	/**
	 * One case answers as the Node gateway did.
	 *
	 * @dataProvider cases
	 * @param array    $expected     The case, with the Node gateway's answer.
	 * @param string[] $secure_hosts The hosts with a secure variant.
	 */
	public function test_answers_like_the_node_gateway( array $expected, array $secure_hosts ) {
		$upstream    = new FixtureUpstream( $expected['exchanges'] );
		$resources   = new Resources( $upstream, new MemoryCache(), array( 'secure_hosts' => $secure_hosts ) );
		$params      = null;
		$retry_after = null;
		$control     = null;
		try {
			$params = RequestParams::read_params( $expected['route'], $expected['path'], $expected['query'] );
			$answer = $resources->answer( $expected['route'], $params );
			$status = $answer['status'];
			$body   = $answer['value'];
			$control = $answer['cache_control'];
		} catch ( GatewayError $error ) {
			$params      = null === $params ? array( 'error' => $error->to_resource() ) : $params;
			$status      = $error->status;
			$body        = $error->to_resource();
			$retry_after = $error->retry_after;
		}
		$this->assertEquals( $expected['params'], self::as_json( $params ), 'parameters' );
		$this->assertSame( $expected['answer']['status'], $status, 'status' );
		$this->assertEquals( $expected['answer']['body'], self::as_json( $body ), 'body' );
		$asked = array_map(
			function ( $exchange ) {
				return $exchange['api'] . ' ' . $exchange['path'];
			},
			$expected['exchanges']
		);
		$made  = $upstream->requests;
		sort( $asked );
		sort( $made );
		$this->assertSame( $asked, $made, 'upstream requests' );
		if ( 200 === $status ) {
			$this->assertSame( 'no-store' === $expected['answer']['cacheControl'], 'no-store' === $control, 'Cache-Control: no-store' );
		}
		if ( null !== $expected['answer']['retryAfter'] ) {
			$this->assertSame( $expected['answer']['retryAfter'], (string) $retry_after, 'Retry-After' );
		}
	}
}
