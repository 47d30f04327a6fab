<?php
/**
 * The directory's folding in PHP, held to the golden list the Node tests read (test/support/fold-cases.json,
 * test/node/fold.test.ts): the plugin's search and the gateway's agree, Greek sigma included.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\WordPress\Directory;
use PHPUnit\Framework\TestCase;

/**
 * Directory::fold() and Directory::words() on the shared cases.
 */
final class FoldTest extends TestCase {

	/**
	 * The golden cases: text and its fold.
	 *
	 * @return array
	 */
	public function cases() {
		$file = dirname( __DIR__ ) . '/support/fold-cases.json';
		$read = json_decode( (string) file_get_contents( $file ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a fixture of the tests.
		$this->assertIsArray( $read, $file . ' is not JSON' );
		$cases = array();
		foreach ( $read['cases'] as $case ) {
			$cases[ $case[0] ] = $case;
		}
		return $cases;
	}

	/**
	 * Folds as the Node gateway does.
	 *
	 * @dataProvider cases
	 * @param string $text   A text.
	 * @param string $folded Its fold.
	 */
	public function test_folds_as_the_node_gateway( $text, $folded ) {
		$this->assertSame( $folded, Directory::fold( $text ) );
	}

	/** A word written with a final sigma finds the same word written with σ, and the other way round. */
	public function test_a_final_sigma_is_no_other_word() {
		$this->assertSame( Directory::words( 'ΟΔΟΣ Ερμού' ), Directory::words( 'οδός ερμου' ) );
		$this->assertSame( array( 'οδοσ', 'ερμου' ), Directory::words( 'Οδοσ ΕΡΜΟΥ' ) );
	}
}
