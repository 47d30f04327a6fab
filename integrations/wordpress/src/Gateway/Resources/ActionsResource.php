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
final class ActionsResource {

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
	 * The actions, through the cache.
	 *
	 * @param array $params `id`, `type` (or null), `top` (only the top action), `nearby` (nearby actions when the
	 *                      location has none).
	 * @return array Cache result.
	 */
	public function load( array $params ) {
		$context = $this->context;
		$id      = $params['id'];
		$type    = $params['type'];
		$top     = $params['top'];
		$nearby  = $params['nearby'];
		$key     = 'actions:' . $id . ':' . ( null === $type ? '' : $type ) . ':' . ( $top ? 'true' : 'false' ) . ':' . ( $nearby ? 'true' : 'false' );
		return $context->cache->get(
			$key,
			function () use ( $context, $id, $type, $top, $nearby ) {
				$query = array(
					'type'   => $type,
					'top'    => $top ? true : null,
					'nearby' => $nearby ? true : null,
				);
				return $context->from_upstream(
					'actions',
					'/locations/' . UpstreamClient::encode_strict( $id ) . '/actions/' . UpstreamClient::query( $query ),
					$id,
					function ( $body ) use ( $context, $id, $nearby ) {
						return Actions::normalize_actions( $body, $id, $nearby, $context->secure_hosts );
					}
				);
			},
			array( $id )
		);
	}
}
