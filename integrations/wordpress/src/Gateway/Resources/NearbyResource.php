<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * NearbyResource.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Resources;

use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\Js;
use MerchantElements\Gateway\Normalize\Actions;
use MerchantElements\Gateway\RequestParams;
use MerchantElements\Gateway\UpstreamClient;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a GatewayError's message ends in a JSON error resource {error, message, status_code} (wp_json_encode), never in HTML; messages are written here, never copied from a URL.

/**
 * The nearby searches (src/gateway/resources/nearby.ts): `GET /v1/locations/{id}/nearby`, with distances from the
 * location, and `GET /v1/nearby` around a point.
 */
final class NearbyResource {

	/**
	 * What it loads with.
	 *
	 * @var ResourceContext
	 */
	private $context;

	/**
	 * The location resource, for the centre when the results do not carry it.
	 *
	 * @var LocationResource
	 */
	private $location;

	/**
	 * Constructor.
	 *
	 * @param ResourceContext  $context  What it loads with.
	 * @param LocationResource $location The location resource.
	 */
	public function __construct( ResourceContext $context, LocationResource $location ) {
		$this->context  = $context;
		$this->location = $location;
	}

	/**
	 * The upstream's filter parameters: the same names, lists joined, the type as its numeric id.
	 *
	 * @param array $params Route parameters.
	 * @return array
	 */
	private static function upstream_filters( array $params ) {
		return array(
			'type'           => null === $params['type'] ? null : RequestParams::action_type_id( $params['type'] ),
			'radius'         => $params['radius'],
			'limit'          => $params['limit'],
			'owner_verified' => $params['owner_verified'],
			'business_type'  => null === $params['business_type'] ? null : implode( ',', $params['business_type'] ),
			'cuisine'        => null === $params['cuisine'] ? null : implode( ',', $params['cuisine'] ),
		);
	}

	/**
	 * `GET /v1/locations/{id}/nearby`: distances from the location (from the results, else its location entry).
	 *
	 * @param array $params Route parameters.
	 * @return array Cache result.
	 */
	public function around_location( array $params ) {
		$context  = $this->context;
		$location = $this->location;
		$id       = $params['id'];
		$query    = self::upstream_filters( $params ) + array(
			'self'        => $params['self'],
			'nearby_only' => $params['nearby_only'],
		);
		$path     = '/locations/' . UpstreamClient::encode_strict( $id ) . '/actions/nearby' . UpstreamClient::query( $query );
		return $context->cache->get(
			'nearby:' . $id . ':' . $path,
			function () use ( $context, $location, $id, $path ) {
				$response = $context->upstream->get( 'actions', $path );
				if ( 404 === $response['status'] ) {
					return array(
						'status' => 404,
						'value'  => ResourceContext::unknown_location( $id ),
					);
				}
				$centre = Actions::coordinates_in_nearby( $response['body'], $id );
				if ( null === $centre ) {
					try {
						$entry  = $location->load( array( 'id' => $id ) );
						$centre = 200 === $entry['status'] ? $entry['value']['location']['coordinates'] : null;
					} catch ( \Throwable $error ) {
						$centre = null;
					}
				}
				$results = ResourceContext::unwrap( Actions::normalize_nearby( $response['body'], $centre, $context->secure_hosts ), 'actions' );
				return array(
					'status' => 200,
					'value'  => array( 'results' => $results ),
				);
			},
			array( $id )
		);
	}

	/**
	 * `GET /v1/nearby`: the centre rounded to ~1 m (closer points are the same search).
	 *
	 * @param array $params Route parameters.
	 * @return array Cache result.
	 */
	public function around_point( array $params ) {
		$context = $this->context;
		$centre  = array(
			'latitude'  => Js::round( $params['latitude'] * 1e5 ) / 1e5,
			'longitude' => Js::round( $params['longitude'] * 1e5 ) / 1e5,
		);
		$path    = '/actions/nearby' . UpstreamClient::query( $centre + self::upstream_filters( $params ) );
		return $context->cache->get(
			'nearby-point:' . $path,
			function () use ( $context, $centre, $path ) {
				$response = $context->upstream->get( 'actions', $path );
				if ( 404 === $response['status'] ) {
					throw new GatewayError( 502, 'UPSTREAM_ERROR', 'The actions API does not know the nearby search.' );
				}
				$results = ResourceContext::unwrap( Actions::normalize_nearby( $response['body'], $centre, $context->secure_hosts ), 'actions' );
				return array(
					'status' => 200,
					'value'  => array( 'results' => $results ),
				);
			},
			array()
		);
	}
}
