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
final class MenusResource extends CachedResource {

	/**
	 * The cache key.
	 *
	 * @param array $params `id`, `format` (full or short).
	 * @return string
	 */
	protected function key( array $params ) {
		return 'menus:' . $params['id'] . ':' . $params['format'];
	}

	/**
	 * The menus, from the Publisher API.
	 *
	 * @param array $params `id`, `format` (full or short).
	 * @return array
	 */
	protected function fill( array $params ) {
		$secure_hosts = $this->context->secure_hosts;
		$query        = UpstreamClient::query( array( 'format' => 'short' === $params['format'] ? 'short' : null ) );
		return $this->context->from_upstream(
			'publisher',
			'/locations/' . UpstreamClient::encode_strict( $params['id'] ) . '/menus/' . $query,
			$params['id'],
			function ( $body ) use ( $secure_hosts ) {
				$result = Menus::normalize_menus( $body, $secure_hosts );
				return $result['ok'] ? Result::ok( array( 'menus' => $result['value'] ) ) : $result;
			}
		);
	}
}
