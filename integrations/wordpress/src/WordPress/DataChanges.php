<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Which locations' data really changed. The change feeds say a location was updated upstream; that is a reason to
 * fetch it again, not proof that what the pages show is different (a feed reports a location again within its
 * overlap, the Publisher feed by the day). So each time the cache stores a new copy of a location's data it compares
 * the copy's content hash with the last good copy's, and only a difference announces the location as changed
 * (`merchant_elements_location_changed`, which PageCachePurge listens to): nothing is purged when nothing changed.
 *
 * After a poll, the locations it found that pages show are fetched again at once (the page's parts, as the
 * elements ask for them), so the comparison, and a purge, happen within the poll rather than at a visitor's request.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/** Changes found by comparing content. */
final class DataChanges {

	/** Locations refreshed per poll at most (bounds a poll's work after a mass update). */
	const REFRESH_MAX = 50;

	/** Hooks the refresh after a poll. */
	public static function register() {
		add_action( 'merchant_elements_changes_found', array( __CLASS__, 'refresh' ) );
	}

	/**
	 * The content hash of a value: what the REST route's ETag is made from.
	 *
	 * @param mixed $value A contract value.
	 * @return string
	 */
	public static function hash( $value ) {
		return sha1( (string) wp_json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
	}

	/**
	 * Compares a new copy with the one it replaces; announces the locations when the content differs.
	 *
	 * @param string[]   $locations The locations the entry belongs to.
	 * @param array|null $previous  The last good copy, or null (the first fetch: nothing to compare with).
	 * @param array      $current   The new copy.
	 */
	public static function compare( array $locations, $previous, array $current ) {
		if ( ! is_array( $previous ) || ! array_key_exists( 'value', $previous ) ) {
			return;
		}
		if ( self::hash( $previous['value'] ) === self::hash( $current['value'] ) ) {
			return;
		}
		foreach ( $locations as $location ) {
			/**
			 * A location's data changed (its content differs from the copy before).
			 *
			 * @param string $location The location id.
			 */
			do_action( 'merchant_elements_location_changed', (string) $location );
		}
	}

	/**
	 * Fetches again the page data of the changed locations that pages show (the poll marked them, so the cache
	 * fetches them from the upstream, and compares).
	 *
	 * @param string[] $locations Location ids the change feeds reported.
	 */
	public static function refresh( $locations ) {
		$shown = array_slice( array_values( array_filter( (array) $locations, array( RenderedLocations::class, 'is_shown' ) ) ), 0, self::REFRESH_MAX );
		foreach ( $shown as $location ) {
			foreach ( PageData::element_requests( 'merchant-location', array( 'location-id' => $location ) ) as $request ) {
				list( $route, $path, $query ) = $request;
				try {
					Rest::resources()->answer( $route, \MerchantElements\Gateway\RequestParams::read_params( $route, $path, $query ) );
				} catch ( \MerchantElements\Gateway\GatewayError $error ) {
					continue;
				}
			}
		}
	}
}
