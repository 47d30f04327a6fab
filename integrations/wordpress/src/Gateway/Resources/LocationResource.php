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
final class LocationResource {

	/**
	 * What it loads with.
	 *
	 * @var ResourceContext
	 */
	private $context;

	/**
	 * Constructor.
	 *
	 * @param ResourceContext $context What it loads with.
	 */
	public function __construct( ResourceContext $context ) {
		$this->context = $context;
	}

	/**
	 * The location, through the cache.
	 *
	 * @param array $params `id`.
	 * @return array Cache result.
	 */
	public function load( array $params ) {
		$context = $this->context;
		$id      = $params['id'];
		return $context->cache->get(
			'location:' . $id,
			function () use ( $context, $id ) {
				return $context->from_upstream(
					'publisher',
					'/locations/' . UpstreamClient::encode_strict( $id ) . '/',
					$id,
					function ( $body ) use ( $context ) {
						$result = Location::normalize_location( $body, $context->secure_hosts );
						return $result['ok'] ? Result::ok( array( 'location' => $result['value'] ) ) : $result;
					}
				);
			},
			array( $id )
		);
	}
}
