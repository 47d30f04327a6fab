<?php
/**
 * The visitor's address behind the site's proxies (src/gateway/client-address.ts).
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\Gateway\ClientAddress;
use PHPUnit\Framework\TestCase;

/**
 * Only what the trusted proxies wrote is believed.
 */
final class ClientAddressTest extends TestCase {

	/** With no trusted proxy, the connection's address, whatever the header says. */
	public function test_without_trusted_proxies_the_header_is_ignored() {
		$this->assertSame( '203.0.113.9', ClientAddress::client( '203.0.113.9', '198.51.100.1', array() ) );
	}

	/** From a trusted proxy, the rightmost entry that is not one of the site's proxies. */
	public function test_behind_trusted_proxies_the_visitor() {
		$trusted = array( '10.0.0.0/8', ' 192.0.2.7 ', '2001:db8::/32' );
		$this->assertSame( '198.51.100.1', ClientAddress::client( '10.1.2.3', '198.51.100.1', $trusted ) );
		$this->assertSame( '198.51.100.1', ClientAddress::client( '10.1.2.3', '6.6.6.6, 198.51.100.1, 192.0.2.7', $trusted ), 'a forged first entry is not believed' );
		$this->assertSame( '2001:db9::1', ClientAddress::client( '::ffff:10.0.0.1', '2001:db9::1, 2001:db8::5', $trusted ) );
		$this->assertSame( '10.1.2.3', ClientAddress::client( '10.1.2.3', '', $trusted ), 'no header: the proxy itself' );
		$this->assertSame( '10.9.9.9', ClientAddress::client( '10.1.2.3', 'not-an-address, 10.9.9.9', $trusted ), 'what is not an address stops the walk' );
	}

	/** From an address that is not a trusted proxy, a forwarding header changes nothing. */
	public function test_a_forged_header_from_elsewhere_changes_nothing() {
		$this->assertSame( '203.0.113.9', ClientAddress::client( '203.0.113.9', '198.51.100.1', array( '10.0.0.0/8' ) ) );
	}

	/** Ranges: prefixes inside a byte, IPv4 never matching IPv6 ranges, entries that are not addresses left out. */
	public function test_ranges() {
		$ranges = ClientAddress::ranges( array( '172.16.0.0/12', 'x', '1.2.3.4/33', '::/0' ) );
		$this->assertCount( 2, $ranges );
		$this->assertTrue( ClientAddress::matches( '172.31.255.255', $ranges ) );
		$this->assertFalse( ClientAddress::matches( '172.32.0.0', $ranges ) );
		$this->assertTrue( ClientAddress::matches( '[2001:db8::1]', $ranges ) );
		$this->assertFalse( ClientAddress::matches( 'example.com', $ranges ) );
	}
}
