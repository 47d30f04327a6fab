<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * PageResource.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Resources;

use MerchantElements\Gateway\GatewayError;

defined( 'ABSPATH' ) || exit;

/**
 * `GET /v1/locations/{id}/page` (src/gateway/resources/page.ts): everything one page needs for one location,
 * composed from the other resources (each through the cache). The location is checked first (an unknown id costs
 * one upstream call), then the parts; a failed part is reported in `errors` and the partial page is not to be
 * stored (`no-store`).
 */
final class PageResource {

	/**
	 * The resources of the parts, by part name.
	 *
	 * @var array{location: LocationResource, menus: MenusResource, photos: PhotosResource, actions: ActionsResource}
	 */
	private $parts;

	/**
	 * Constructor.
	 *
	 * @param LocationResource $location The location.
	 * @param MenusResource    $menus    The menus.
	 * @param PhotosResource   $photos   The photos.
	 * @param ActionsResource  $actions  The actions.
	 */
	public function __construct( LocationResource $location, MenusResource $menus, PhotosResource $photos, ActionsResource $actions ) {
		$this->parts = array(
			'location' => $location,
			'menus'    => $menus,
			'photos'   => $photos,
			'actions'  => $actions,
		);
	}

	/**
	 * The part's parameters, from the page's.
	 *
	 * @param string $name   Part name.
	 * @param array  $params Page parameters.
	 * @return array
	 */
	private static function part_params( $name, array $params ) {
		switch ( $name ) {
			case 'menus':
				return array(
					'id'     => $params['id'],
					'format' => $params['format'],
				);
			case 'photos':
				return array(
					'id'     => $params['id'],
					'type'   => $params['photo_type'],
					'width'  => $params['photo_width'],
					'height' => $params['photo_height'],
				);
			case 'actions':
				return array(
					'id'     => $params['id'],
					'type'   => null,
					'top'    => false,
					'nearby' => false,
				);
			default:
				return array( 'id' => $params['id'] );
		}
	}

	/**
	 * The page.
	 *
	 * @param array $params Page parameters.
	 * @return array Answer: `status`, `value`, `state`, `cache_control`.
	 * @throws GatewayError When every part failed (the 404 if any, else the first failure).
	 */
	public function load( array $params ) {
		$check       = null;
		$check_error = null;
		try {
			$check = $this->parts['location']->load( self::part_params( 'location', $params ) );
		} catch ( \Throwable $error ) {
			$check_error = $error;
		}
		if ( null !== $check && 404 === $check['status'] ) {
			return $check + array( 'cache_control' => null );
		}
		$page     = array();
		$errors   = array();
		$states   = array();
		$failures = array();
		foreach ( $params['include'] as $name ) {
			try {
				if ( 'location' === $name ) {
					if ( null !== $check_error ) {
						throw $check_error;
					}
					$result = $check;
				} else {
					$result = $this->parts[ $name ]->load( self::part_params( $name, $params ) );
				}
			} catch ( \Throwable $thrown ) {
				$result = $thrown;
			}
			if ( is_array( $result ) && 200 === $result['status'] ) {
				$states[] = $result['state'];
				if ( 'actions' === $name ) {
					$page['actions']       = $result['value']['actions'];
					$page['actionsSource'] = $result['value']['source'];
				} else {
					$page[ $name ] = $result['value'][ $name ];
				}
				continue;
			}
			$error           = is_array( $result )
				? new GatewayError( 404, $result['value']['error'], $result['value']['message'] )
				: GatewayError::from( $result );
			$errors[ $name ] = $error->to_resource();
			$failures[]      = $error;
		}
		if ( count( $failures ) === count( $params['include'] ) ) {
			foreach ( $failures as $failure ) {
				if ( 404 === $failure->status ) {
					throw $failure;
				}
			}
			throw $failures[0];
		}
		$state = in_array( 'stale-if-error', $states, true ) ? 'stale-if-error' : ( array_diff( $states, array( 'hit' ) ) ? 'miss' : 'hit' );
		if ( $failures ) {
			$page['errors'] = $errors;
		}
		return array(
			'status'        => 200,
			'value'         => $page,
			'state'         => $state,
			'cache_control' => $failures ? 'no-store' : null,
		);
	}
}
