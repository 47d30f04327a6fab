<?php
/**
 * The signer and the query builder (src/signing/signature.ts, src/gateway/upstream.ts).
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\Gateway\Signature;
use MerchantElements\Gateway\UpstreamClient;
use PHPUnit\Framework\TestCase;

/**
 * Signing and encoding.
 */
final class SignatureTest extends TestCase {

	/** The upstream's published vector. */
	public function test_signs_the_published_vector() {
		$this->assertSame(
			'/locations/test-pizzeria/actions/?type=foodordering&client=cn3l4kmhdcxejosjf6chfjoiq&signature=cuP%2BjQO57X7E1rCT%2BvEoKxN2LNg%3D',
			Signature::sign_path( '/locations/test-pizzeria/actions/?type=foodordering', 'cn3l4kmhdcxejosjf6chfjoiq', 'QRFYeaX2m4gGlsmG-B5sqhS4DQS3wwpC-QupqYaxBoU' )
		);
	}

	/** A next link's old credentials are replaced, not signed along. */
	public function test_strips_old_credentials_before_signing() {
		$this->assertSame( '/a/?x=1', Signature::strip_credentials( '/a/?client=old&x=1&signature=abc' ) );
		$this->assertSame( '/a/', Signature::strip_credentials( '/a/?signature' ) );
		$this->assertStringStartsWith( '/a/?x=1&client=c&signature=', Signature::sign_path( '/a/?client=old&x=1', 'c', 'key' ) );
	}

	/** Queries leave out null and empty values, write numbers as JavaScript does and encode strictly. */
	public function test_builds_queries_like_node() {
		$this->assertSame( '?a=1&b=true&c=1e%2B21&d=%21%27%28%29%2A', UpstreamClient::query( array( 'a' => 1, 'b' => true, 'c' => 1e21, 'd' => "!'()*", 'e' => null, 'f' => '' ) ) ); // phpcs:ignore WordPress.Arrays.ArrayDeclarationSpacing.AssociativeArrayFound -- a table.
		$this->assertSame( '', UpstreamClient::query( array() ) );
		$this->assertSame( "!'()*", Signature::encode_uri_component( "!'()*" ) );
	}
}
