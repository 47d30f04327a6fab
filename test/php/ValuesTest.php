<?php
/**
 * The primitive normalizers (src/gateway/normalize/values.ts).
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\Gateway\Normalize\Values;
use PHPUnit\Framework\TestCase;

/**
 * One clean form or null.
 */
final class ValuesTest extends TestCase {

	/** Datetimes in the upstream's shapes as ISO 8601 UTC; impossible dates refused. */
	public function test_datetimes() {
		$this->assertSame( '2024-01-02T03:04:05.000Z', Values::datetime( '2024-01-02 04:04:05+01:00' ) );
		$this->assertSame( '2024-01-02T00:00:00.000Z', Values::datetime( '2024-01-02' ) );
		$this->assertSame( '2001-09-09T01:46:40.000Z', Values::datetime( 1000000000 ) );
		$this->assertNull( Values::datetime( '2023-02-31' ) );
	}

	/** Clock times as HH:mm; midnight closing is 24:00. */
	public function test_clock_times() {
		$this->assertSame( '13:30', Values::clock( '1:30 pm' ) );
		$this->assertSame( '24:00', Values::clock( '12 a.m.', true ) );
		$this->assertSame( '00:00', Values::clock( '24:00' ) );
		$this->assertNull( Values::clock( '13 pm' ) );
	}

	/** Only http(s) URLs, normalized; an http URL on a secure host upgraded. */
	public function test_urls() {
		$this->assertSame( 'http://a.example/b/c', Values::url( ' HTTP://A.Example:80/b/./x/../c ' ) );
		$this->assertNull( Values::url( 'javascript:alert(1)' ) );
		$this->assertNull( Values::url( 'http://h/a^b' ), "'^' in a path: Node 20 and 22 keep it, 24 and 26 write %5E" );
		$this->assertSame( 'http://h/?a^b#^', Values::url( 'http://h/?a^b#^' ), "'^' in a query or fragment: every version keeps it" );
		$this->assertNull( Values::url( 'http://user:secret@h/' ), 'credentials' );
		$this->assertNull( Values::url( 'http://bücher.de/' ), 'a host the standard would rewrite (into punycode)' );
		$this->assertNull( Values::url( 'http://0x7f.1/' ), 'a host the standard would rewrite (into 127.0.0.1)' );
		$this->assertSame( 'http://127.0.0.1/', Values::url( 'http://127.0.0.1/' ), 'dotted-decimal IPv4 as written' );
		$this->assertSame( 'https://img.sandbox.example/p.jpg', Values::secure_url( 'http://img.sandbox.example:443/p.jpg', array( '*.sandbox.example' => true ) ) );
		$this->assertSame( 'http://img.example/p.jpg', Values::secure_url( 'http://img.example/p.jpg', array( '*.sandbox.example' => true ) ) );
	}

	/** Booleans in the upstream's spellings. */
	public function test_booleans() {
		$this->assertTrue( Values::bool( ' Yes ' ) );
		$this->assertFalse( Values::bool( 0.0 ) );
		$this->assertNull( Values::bool( 'maybe' ) );
	}
}
