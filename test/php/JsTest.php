<?php
/**
 * JavaScript's number and string behaviour the normalizers rely on.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\Gateway\Js;
use PHPUnit\Framework\TestCase;

/**
 * String(number), Number(text), Math.round, trim, sort order.
 */
final class JsTest extends TestCase {

	/**
	 * Numbers and how JavaScript writes them.
	 *
	 * @return array
	 */
	public function numbers() {
		return array(
			array( 0.1 + 0.2, '0.30000000000000004' ),
			array( 1e21, '1e+21' ),
			array( 1e-7, '1e-7' ),
			array( 0.000001, '0.000001' ),
			array( 123456789012345680000, '123456789012345680000' ),
			array( -0.0, '0' ),
			array( 9007199254740993, '9007199254740992' ),
			array( 2.5, '2.5' ),
		);
	}

	/**
	 * String(number).
	 *
	 * @dataProvider numbers
	 * @param int|float $number  A number.
	 * @param string    $written As JavaScript writes it.
	 */
	public function test_writes_numbers_as_javascript( $number, $written ) {
		$this->assertSame( $written, Js::string( $number ) );
	}

	/** Number(text): decimal, Infinity, 0x/0o/0b, anything else NaN. */
	public function test_reads_numbers_as_javascript() {
		$this->assertSame( 255.0, Js::number_from_text( '0xff' ) );
		$this->assertSame( 8.0, Js::number_from_text( '0o10' ) );
		$this->assertSame( 1.5, Js::number_from_text( '1.5' ) );
		$this->assertSame( INF, Js::number_from_text( 'Infinity' ) );
		$this->assertNan( Js::number_from_text( '1,5' ) );
		$this->assertNan( Js::number_from_text( '-0x1' ) );
		$this->assertSame( 0, Js::number_from_text( '' ) );
	}

	/** Math.round: halves toward +Infinity. */
	public function test_rounds_as_javascript() {
		$this->assertSame( -2.0, Js::round( -2.5 ) );
		$this->assertSame( 3.0, Js::round( 2.5 ) );
		$this->assertSame( 0.0, Js::round( 0.49999999999999994 ) );
	}

	/** Trim strips JavaScript's white space (a no-break space too); length counts UTF-16 units. */
	public function test_trims_and_measures_as_javascript() {
		$this->assertSame( 'a b', Js::trim( "\u{00A0}\u{FEFF} a b\u{3000}\n" ) );
		$this->assertSame( 2, Js::length( '😀' ) );
		$this->assertSame( 1, Js::length( 'é' ) );
	}

	/** Sorting by UTF-16 code units: a character past U+FFFF sorts before U+FF01. */
	public function test_sorts_strings_by_utf16_units() {
		$this->assertLessThan( 0, Js::compare_strings( '😀', "\u{FF01}" ) );
		$this->assertSame( array( 'b', 'a' ), Js::sort( array( 'b', 'a' ), function () {
			return 0;
		} ), 'stable' );
	}
}
