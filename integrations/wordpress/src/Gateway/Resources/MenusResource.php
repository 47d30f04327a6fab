<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * MenusResource.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Resources;

use MerchantElements\Gateway\Normalize\Menus;
use MerchantElements\Gateway\Normalize\Result;
use MerchantElements\Gateway\UpstreamClient;

defined( 'ABSPATH' ) || exit;

/**
 * `GET /v1/locations/{id}/menus` (src/gateway/resources/menus.ts).
 */
final class MenusResource {

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
	 * The menus, through the cache.
	 *
	 * @param array $params `id`, `format` (full or short).
	 * @return array Cache result.
	 */
	public function load( array $params ) {
		$context = $this->context;
		$id      = $params['id'];
		$format  = $params['format'];
		return $context->cache->get(
			'menus:' . $id . ':' . $format,
			function () use ( $context, $id, $format ) {
				return $context->from_upstream(
					'publisher',
					'/locations/' . UpstreamClient::encode_strict( $id ) . '/menus/' . UpstreamClient::query( array( 'format' => 'short' === $format ? 'short' : null ) ),
					$id,
					function ( $body ) use ( $context ) {
						$result = Menus::normalize_menus( $body, $context->secure_hosts );
						return $result['ok'] ? Result::ok( array( 'menus' => $result['value'] ) ) : $result;
					}
				);
			},
			array( $id )
		);
	}
}
