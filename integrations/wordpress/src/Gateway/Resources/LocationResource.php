<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * LocationResource.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Resources;

use MerchantElements\Gateway\Normalize\Location;
use MerchantElements\Gateway\Normalize\Result;
use MerchantElements\Gateway\UpstreamClient;

defined( 'ABSPATH' ) || exit;

/**
 * `GET /v1/locations/{id}` (src/gateway/resources/location.ts).
 */
final class LocationResource extends CachedResource {

	/**
	 * The cache key.
	 *
	 * @param array $params `id`.
	 * @return string
	 */
	protected function key( array $params ) {
		return 'location:' . $params['id'];
	}

	/**
	 * The location, from the Publisher API.
	 *
	 * @param array $params `id`.
	 * @return array
	 */
	protected function fill( array $params ) {
		$secure_hosts = $this->context->secure_hosts;
		return $this->context->from_upstream(
			'publisher',
			'/locations/' . UpstreamClient::encode_strict( $params['id'] ) . '/',
			$params['id'],
			function ( $body ) use ( $secure_hosts ) {
				$result = Location::normalize_location( $body, $secure_hosts );
				return $result['ok'] ? Result::ok( array( 'location' => $result['value'] ) ) : $result;
			}
		);
	}
}
