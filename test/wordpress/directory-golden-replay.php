<?php
/**
 * Replays the directory's golden fixtures (scripts/golden-fixtures.ts, generateDirectoryGoldenFixtures) through the
 * plugin on a running WordPress: its table emptied and filled by Directory::build_step() from the recorded feed (the
 * Node gateway's directory was built from the same answers), then each case's query answered by Directory::answer(),
 * the contract's rules as the site's database runs them. Prints, per case, the status and body, as JSON, for
 * test/wordpress/directory.test.ts to compare with the Node gateway's.
 *
 * Included by that test after WordPress is loaded (WordPress::phpAsync), with $merchant_elements_fixtures set to the
 * fixtures file.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Tests;

use MerchantElements\WordPress\Directory;

require_once __DIR__ . '/../php/FixtureUpstream.php';

/**
 * The replay.
 *
 * @param string $file The fixtures file.
 * @return string JSON: {cases: [{name, status, body}], read: int}
 */
function directory_golden_replay( $file ) {
	global $wpdb;
	$fixtures = json_decode( (string) file_get_contents( $file ), true );
	$table    = Directory::table();
	$wpdb->query( "TRUNCATE TABLE {$table}" ); // phpcs:ignore WordPress.DB -- a test's own table.
	delete_option( Directory::CURSOR_OPTION );
	delete_transient( 'merchant_elements_directory_actions' );
	$upstream = new FixtureUpstream( $fixtures['exchanges'] );
	$cursor   = array();
	for ( $step = 0; $step < 10 && empty( $cursor['complete'] ); $step++ ) {
		$cursor = Directory::build_step( $upstream );
	}
	$cases = array();
	foreach ( $fixtures['cases'] as $case ) {
		$answer  = Directory::answer( $case['query'] );
		$cases[] = array(
			'name'   => $case['name'],
			'status' => $answer['status'],
			'body'   => $answer['body'],
		);
	}
	return (string) wp_json_encode(
		array(
			'cases'    => $cases,
			'read'     => isset( $cursor['read'] ) ? $cursor['read'] : 0,
			'requests' => $upstream->requests,
		),
		JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE
	);
}
