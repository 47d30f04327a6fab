<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * ActionsResource.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Resources;

use MerchantElements\Gateway\Normalize\Actions;
use MerchantElements\Gateway\UpstreamClient;

defined( 'ABSPATH' ) || exit;

/**
 * `GET /v1/locations/{id}/actions` (src/gateway/resources/actions.ts).
 */
final class ActionsResource extends CachedResource {

	/**
	 * The cache key.
	 *
	 * @param array $params `id`, `type` (or null), `top` (only the top action), `nearby` (nearby actions when the
	 *                      location has none).
	 * @return string
	 */
	protected function key( array $params ) {
		$type = null === $params['type'] ? '' : $params['type'];
		return 'actions:' . $params['id'] . ':' . $type . ':' . ( $params['top'] ? 'true' : 'false' ) . ':' . ( $params['nearby'] ? 'true' : 'false' );
	}

	/**
	 * The actions, from the Actions API.
	 *
	 * @param array $params As key().
	 * @return array
	 */
	protected function fill( array $params ) {
		$secure_hosts = $this->context->secure_hosts;
		$id           = $params['id'];
		$nearby       = $params['nearby'];
		$query        = array(
			'type'   => $params['type'],
			'top'    => $params['top'] ? true : null,
			'nearby' => $nearby ? true : null,
		);
		return $this->context->from_upstream(
			'actions',
			'/locations/' . UpstreamClient::encode_strict( $id ) . '/actions/' . UpstreamClient::query( $query ),
			$id,
			function ( $body ) use ( $secure_hosts, $id, $nearby ) {
				return Actions::normalize_actions( $body, $id, $nearby, $secure_hosts );
			}
		);
	}
}
