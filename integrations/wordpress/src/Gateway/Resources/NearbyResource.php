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
final class NearbyResource extends CachedResource {

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
		parent::__construct( $context );
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
	 * The upstream path of a search: around the location (`id`), or around a point rounded to ~1 m (closer points are
	 * the same search).
	 *
	 * @param array $params Route parameters.
	 * @return string
	 */
	private static function upstream_path( array $params ) {
		if ( isset( $params['id'] ) ) {
			$query = self::upstream_filters( $params ) + array(
				'self'        => $params['self'],
				'nearby_only' => $params['nearby_only'],
			);
			return '/locations/' . UpstreamClient::encode_strict( $params['id'] ) . '/actions/nearby' . UpstreamClient::query( $query );
		}
		return '/actions/nearby' . UpstreamClient::query( self::centre( $params ) + self::upstream_filters( $params ) );
	}

	/**
	 * A point search's centre, rounded to ~1 m.
	 *
	 * @param array $params Route parameters.
	 * @return array `latitude`, `longitude`.
	 */
	private static function centre( array $params ) {
		return array(
			'latitude'  => Js::round( $params['latitude'] * 1e5 ) / 1e5,
			'longitude' => Js::round( $params['longitude'] * 1e5 ) / 1e5,
		);
	}

	/**
	 * The cache key: `GET /v1/locations/{id}/nearby` by location and upstream path, `GET /v1/nearby` by upstream path.
	 *
	 * @param array $params Route parameters.
	 * @return string
	 */
	protected function key( array $params ) {
		return isset( $params['id'] ) ? 'nearby:' . $params['id'] . ':' . self::upstream_path( $params ) : 'nearby-point:' . self::upstream_path( $params );
	}

	/**
	 * The results, with distances from the location (from the results, else its location entry) or from the point.
	 *
	 * @param array $params Route parameters.
	 * @return array
	 * @throws GatewayError When the upstream does not know the point search.
	 */
	protected function fill( array $params ) {
		$response = $this->context->upstream->get( 'actions', self::upstream_path( $params ) );
		if ( ! isset( $params['id'] ) ) {
			if ( 404 === $response['status'] ) {
				throw new GatewayError( 502, 'UPSTREAM_ERROR', 'The actions API does not know the nearby search.' );
			}
			return $this->results( $response['body'], self::centre( $params ) );
		}
		$id = $params['id'];
		if ( 404 === $response['status'] ) {
			return array(
				'status' => 404,
				'value'  => ResourceContext::unknown_location( $id ),
			);
		}
		$centre = Actions::coordinates_in_nearby( $response['body'], $id );
		if ( null === $centre ) {
			try {
				$entry  = $this->location->load( array( 'id' => $id ) );
				$centre = 200 === $entry['status'] ? $entry['value']['location']['coordinates'] : null;
			} catch ( \Throwable $error ) {
				$centre = null;
			}
		}
		return $this->results( $response['body'], $centre );
	}

	/**
	 * The normalized results with their distances from the centre.
	 *
	 * @param mixed      $body   The upstream's answer.
	 * @param array|null $centre The centre, or null when unknown.
	 * @return array
	 */
	private function results( $body, $centre ) {
		return array(
			'status' => 200,
			'value'  => array( 'results' => ResourceContext::unwrap( Actions::normalize_nearby( $body, $centre, $this->context->secure_hosts ), 'actions' ) ),
		);
	}
}
