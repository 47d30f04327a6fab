<?php
/**
 * The /v1 resources, a port of src/gateway/resources/*.ts: for each route, the cache key and tags, the upstream
 * request, and the normalizer; the page composed from the others. The same keys, tags, upstream paths and
 * answers as the Node gateway.
 *
 * @package Merchant_Elements
 */

defined( 'ABSPATH' ) || defined( 'MERCHANT_ELEMENTS_CORE' ) || exit;

/**
 * The widget contract's resources over one upstream and one cache.
 */
class Merchant_Elements_Resources {

	/**
	 * The upstream APIs.
	 *
	 * @var Merchant_Elements_Upstream
	 */
	private $upstream;

	/**
	 * The response cache.
	 *
	 * @var Merchant_Elements_Cache
	 */
	private $cache;

	/**
	 * Hosts with a secure variant, as keys (`img.example`, `*.example`).
	 *
	 * @var array
	 */
	private $secure_hosts;

	/**
	 * Constructor.
	 *
	 * @param Merchant_Elements_Upstream $upstream The upstream.
	 * @param Merchant_Elements_Cache    $cache    The cache.
	 * @param array                      $options  `secure_hosts`: host patterns like `*.sandbox.example`.
	 */
	public function __construct( Merchant_Elements_Upstream $upstream, Merchant_Elements_Cache $cache, array $options ) {
		$this->upstream     = $upstream;
		$this->cache        = $cache;
		$this->secure_hosts = array();
		$hosts              = isset( $options['secure_hosts'] ) ? (array) $options['secure_hosts'] : array();
		foreach ( $hosts as $host ) {
			$host = strtolower( trim( (string) $host ) );
			if ( '' !== $host ) {
				$this->secure_hosts[ $host ] = true;
			}
		}
	}

	/**
	 * A route's answer.
	 *
	 * @param string $route_name Route name (location, menus, photos, actions, location_nearby, nearby, page).
	 * @param array  $params     Its parameters, as merchant_elements_read_params() reads them.
	 * @return array `status` (200|404), `value`, `state`, `cache_control` (null or `no-store`).
	 * @throws Merchant_Elements_Error When there is no answer; a bug is a 500 without its text.
	 */
	public function answer( $route_name, array $params ) {
		try {
			switch ( $route_name ) {
				case 'location':
					$result = $this->location( $params['id'] );
					break;
				case 'menus':
					$result = $this->menus( $params['id'], $params['format'] );
					break;
				case 'photos':
					$result = $this->photos( $params['id'], $params['type'], $params['width'], $params['height'] );
					break;
				case 'actions':
					$result = $this->actions( $params['id'], $params['type'], $params['top'], $params['nearby'] );
					break;
				case 'location_nearby':
					$result = $this->location_nearby( $params );
					break;
				case 'nearby':
					$result = $this->point_nearby( $params );
					break;
				case 'page':
					return $this->page( $params );
				default:
					throw new InvalidArgumentException( 'Unknown route: ' . $route_name );
			}
		} catch ( Exception $error ) {
			throw merchant_elements_to_error( $error );
		} catch ( Throwable $error ) {
			throw merchant_elements_to_error( $error );
		}
		$result['cache_control'] = null;
		return $result;
	}

	/**
	 * The 404 resource of an unknown location.
	 *
	 * @param string $id Location id.
	 * @return array
	 */
	private function unknown_location( $id ) {
		return array(
			'error'       => 'LOCATION_DOES_NOT_EXIST',
			'message'     => 'There is no location with id "' . $id . '".',
			'status_code' => 404,
		);
	}

	/**
	 * The normalized value, or the 502 naming where the upstream's answer could not be read.
	 *
	 * @param array  $result Normalized.
	 * @param string $api    The API.
	 * @return mixed
	 * @throws Merchant_Elements_Error When normalizing failed.
	 */
	private function unwrap( array $result, $api ) {
		if ( $result['ok'] ) {
			return $result['value'];
		}
		throw new Merchant_Elements_Error( 502, 'UPSTREAM_MALFORMED', 'The ' . $api . ' API sent an answer the gateway cannot read (' . $result['path'] . ': ' . $result['message'] . ').' );
	}

	/**
	 * One upstream GET about a location, normalized; its 404 is the location's.
	 *
	 * @param string   $api       The API.
	 * @param string   $path      Path and query.
	 * @param string   $id        Location id.
	 * @param callable $normalize Body => Normalized.
	 * @return array Loaded.
	 */
	private function from_upstream( $api, $path, $id, $normalize ) {
		$response = $this->upstream->get( $api, $path );
		if ( 404 === $response['status'] ) {
			return array(
				'status' => 404,
				'value'  => $this->unknown_location( $id ),
			);
		}
		return array(
			'status' => 200,
			'value'  => $this->unwrap( call_user_func( $normalize, $response['body'] ), $api ),
		);
	}

	/**
	 * `GET /v1/locations/{id}`.
	 *
	 * @param string $id Location id.
	 * @return array Cache result.
	 */
	public function location( $id ) {
		$hosts = $this->secure_hosts;
		return $this->cache->get(
			'location:' . $id,
			function () use ( $id, $hosts ) {
				return $this->from_upstream(
					'publisher',
					'/locations/' . merchant_elements_encode_strict( $id ) . '/',
					$id,
					function ( $body ) use ( $hosts ) {
						$result = merchant_elements_normalize_location( $body, $hosts );
						return $result['ok'] ? merchant_elements_ok( array( 'location' => $result['value'] ) ) : $result;
					}
				);
			},
			array( $id )
		);
	}

	/**
	 * `GET /v1/locations/{id}/menus`.
	 *
	 * @param string $id     Location id.
	 * @param string $format full or short.
	 * @return array Cache result.
	 */
	public function menus( $id, $format ) {
		$hosts = $this->secure_hosts;
		return $this->cache->get(
			'menus:' . $id . ':' . $format,
			function () use ( $id, $format, $hosts ) {
				return $this->from_upstream(
					'publisher',
					'/locations/' . merchant_elements_encode_strict( $id ) . '/menus/' . merchant_elements_query( array( 'format' => 'short' === $format ? 'short' : null ) ),
					$id,
					function ( $body ) use ( $hosts ) {
						$result = merchant_elements_normalize_menus( $body, $hosts );
						return $result['ok'] ? merchant_elements_ok( array( 'menus' => $result['value'] ) ) : $result;
					}
				);
			},
			array( $id )
		);
	}

	/**
	 * The size part of the photo cache keys.
	 *
	 * @param string   $id     Location id.
	 * @param string   $type   Photo type or null.
	 * @param int|null $width  Width or null.
	 * @param int|null $height Height or null.
	 * @return string
	 */
	private function size_key( $id, $type, $width, $height ) {
		return $id . ':' . ( null === $type ? '' : $type ) . ':' . ( null === $width ? '' : $width ) . ':' . ( null === $height ? '' : $height );
	}

	/**
	 * One upstream photo list at one size, without variants.
	 *
	 * @param string   $id     Location id.
	 * @param string   $type   Photo type or null.
	 * @param int|null $width  Width or null.
	 * @param int|null $height Height or null.
	 * @return array Cache result.
	 */
	private function photo_list( $id, $type, $width, $height ) {
		$hosts = $this->secure_hosts;
		return $this->cache->get(
			'photo-list:' . $this->size_key( $id, $type, $width, $height ),
			function () use ( $id, $type, $width, $height, $hosts ) {
				$query = array(
					'width'  => $width,
					'height' => $height,
					'type'   => $type,
				);
				return $this->from_upstream(
					'publisher',
					'/locations/' . merchant_elements_encode_strict( $id ) . '/photos/' . merchant_elements_query( $query ),
					$id,
					function ( $body ) use ( $hosts ) {
						$result = merchant_elements_normalize_photos( $body, $hosts );
						return $result['ok'] ? merchant_elements_ok( array( 'photos' => $result['value'] ) ) : $result;
					}
				);
			},
			array( $id )
		);
	}

	/**
	 * `GET /v1/locations/{id}/photos`: photos at the size asked, each with variants.
	 *
	 * @param string   $id     Location id.
	 * @param string   $type   Photo type or null.
	 * @param int|null $width  Width or null.
	 * @param int|null $height Height or null.
	 * @return array Cache result.
	 */
	public function photos( $id, $type, $width, $height ) {
		return $this->cache->get(
			'photos:' . $this->size_key( $id, $type, $width, $height ),
			function () use ( $id, $type, $width, $height ) {
				// All four lists are asked for, as Promise.all does; the first failure (in order) is the answer's.
				$widths  = merchant_elements_contract()['photoVariantWidths'];
				$lists   = array();
				$failure = null;
				foreach ( array_merge( array( array( $width, $height ) ), array_map( function ( $w ) {
					return array( $w, null );
				}, $widths ) ) as $size ) {
					try {
						$lists[] = $this->photo_list( $id, $type, $size[0], $size[1] );
					} catch ( Merchant_Elements_Error $error ) {
						$failure = null === $failure ? $error : $failure;
						$lists[] = null;
					}
				}
				if ( null !== $failure ) {
					throw $failure;
				}
				$base = array_shift( $lists );
				if ( 200 !== $base['status'] ) {
					return array(
						'status' => $base['status'],
						'value'  => $base['value'],
					);
				}
				$by_width = array();
				foreach ( $lists as $i => $list ) {
					$photos = array();
					if ( 200 === $list['status'] ) {
						foreach ( $list['value']['photos'] as $photo ) {
							$photos[ 'p' . $photo['id'] ] = $photo;
						}
					}
					$by_width[] = array(
						'width'  => $widths[ $i ],
						'photos' => $photos,
					);
				}
				$photos = array();
				foreach ( $base['value']['photos'] as $photo ) {
					$size = ( $photo['width'] && $photo['height'] ) ? merchant_elements_fit( $photo['width'], $photo['height'], $width, $height ) : null;
					$out  = $photo;
					$out['width']    = null !== $size ? $size['width'] : $photo['width'];
					$out['height']   = null !== $size ? $size['height'] : $photo['height'];
					$out['variants'] = $this->variants_of( $photo, $by_width );
					$photos[]        = $out;
				}
				return array(
					'status' => 200,
					'value'  => array( 'photos' => $photos ),
				);
			},
			array( $id )
		);
	}

	/**
	 * Smaller renditions of a photo, ascending; widths at or above the original are left out.
	 *
	 * @param array $photo    The photo, with its original size.
	 * @param array $by_width Per-width photos by id.
	 * @return array
	 */
	private function variants_of( array $photo, array $by_width ) {
		if ( ! $photo['width'] || ! $photo['height'] ) {
			return array();
		}
		$variants = array();
		foreach ( $by_width as $list ) {
			$key = 'p' . $photo['id'];
			if ( ! isset( $list['photos'][ $key ] ) || $list['width'] >= $photo['width'] ) {
				continue;
			}
			$variant        = merchant_elements_fit( $photo['width'], $photo['height'], $list['width'], null );
			$variant['url'] = $list['photos'][ $key ]['url'];
			$variants[]     = $variant;
		}
		return merchant_elements_js_sort(
			$variants,
			function ( $a, $b ) {
				return $a['width'] <=> $b['width'];
			}
		);
	}

	/**
	 * `GET /v1/locations/{id}/actions`.
	 *
	 * @param string      $id     Location id.
	 * @param string|null $type   Action type.
	 * @param bool        $top    Only the top action.
	 * @param bool        $nearby Nearby actions when the location has none.
	 * @return array Cache result.
	 */
	public function actions( $id, $type, $top, $nearby ) {
		$hosts = $this->secure_hosts;
		$key   = 'actions:' . $id . ':' . ( null === $type ? '' : $type ) . ':' . ( $top ? 'true' : 'false' ) . ':' . ( $nearby ? 'true' : 'false' );
		return $this->cache->get(
			$key,
			function () use ( $id, $type, $top, $nearby, $hosts ) {
				$query = array(
					'type'   => $type,
					'top'    => $top ? true : null,
					'nearby' => $nearby ? true : null,
				);
				return $this->from_upstream(
					'actions',
					'/locations/' . merchant_elements_encode_strict( $id ) . '/actions/' . merchant_elements_query( $query ),
					$id,
					function ( $body ) use ( $id, $nearby, $hosts ) {
						return merchant_elements_normalize_actions( $body, $id, $nearby, $hosts );
					}
				);
			},
			array( $id )
		);
	}

	/**
	 * The upstream's filter parameters: the same names, lists joined, the type as its numeric id.
	 *
	 * @param array $params Route parameters.
	 * @return array
	 */
	private function upstream_filters( array $params ) {
		return array(
			'type'           => null === $params['type'] ? null : merchant_elements_action_type_id( $params['type'] ),
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
	public function location_nearby( array $params ) {
		$id    = $params['id'];
		$query = $this->upstream_filters( $params ) + array(
			'self'        => $params['self'],
			'nearby_only' => $params['nearby_only'],
		);
		$path  = '/locations/' . merchant_elements_encode_strict( $id ) . '/actions/nearby' . merchant_elements_query( $query );
		$hosts = $this->secure_hosts;
		return $this->cache->get(
			'nearby:' . $id . ':' . $path,
			function () use ( $id, $path, $hosts ) {
				$response = $this->upstream->get( 'actions', $path );
				if ( 404 === $response['status'] ) {
					return array(
						'status' => 404,
						'value'  => $this->unknown_location( $id ),
					);
				}
				$centre = merchant_elements_coordinates_in_nearby( $response['body'], $id );
				if ( null === $centre ) {
					try {
						$entry  = $this->location( $id );
						$centre = 200 === $entry['status'] ? $entry['value']['location']['coordinates'] : null;
					} catch ( Exception $error ) {
						$centre = null;
					} catch ( Throwable $error ) {
						$centre = null;
					}
				}
				$results = $this->unwrap( merchant_elements_normalize_nearby( $response['body'], $centre, $hosts ), 'actions' );
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
	public function point_nearby( array $params ) {
		$centre = array(
			'latitude'  => merchant_elements_js_round( $params['latitude'] * 1e5 ) / 1e5,
			'longitude' => merchant_elements_js_round( $params['longitude'] * 1e5 ) / 1e5,
		);
		$path   = '/actions/nearby' . merchant_elements_query( $centre + $this->upstream_filters( $params ) );
		$hosts  = $this->secure_hosts;
		return $this->cache->get(
			'nearby-point:' . $path,
			function () use ( $centre, $path, $hosts ) {
				$response = $this->upstream->get( 'actions', $path );
				if ( 404 === $response['status'] ) {
					throw new Merchant_Elements_Error( 502, 'UPSTREAM_ERROR', 'The actions API does not know the nearby search.' );
				}
				$results = $this->unwrap( merchant_elements_normalize_nearby( $response['body'], $centre, $hosts ), 'actions' );
				return array(
					'status' => 200,
					'value'  => array( 'results' => $results ),
				);
			},
			array()
		);
	}

	/**
	 * One part of a page, through its resource.
	 *
	 * @param string $name   Part name.
	 * @param array  $params Page parameters.
	 * @return array Cache result.
	 */
	private function page_part( $name, array $params ) {
		switch ( $name ) {
			case 'location':
				return $this->location( $params['id'] );
			case 'menus':
				return $this->menus( $params['id'], $params['format'] );
			case 'photos':
				return $this->photos( $params['id'], $params['photo_type'], $params['photo_width'], $params['photo_height'] );
			default:
				return $this->actions( $params['id'], null, false, false );
		}
	}

	/**
	 * `GET /v1/locations/{id}/page`: the location checked first (an unknown id costs one upstream call), then the
	 * parts; a failed part is reported in `errors` and the partial page is not to be stored (`no-store`).
	 *
	 * @param array $params Page parameters.
	 * @return array Answer.
	 * @throws Merchant_Elements_Error When every part failed (the 404 if any, else the first failure).
	 */
	private function page( array $params ) {
		$check = null;
		$check_error = null;
		try {
			$check = $this->location( $params['id'] );
		} catch ( Exception $error ) {
			$check_error = $error;
		} catch ( Throwable $error ) {
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
					$result = $this->page_part( $name, $params );
				}
			} catch ( Exception $thrown ) {
				$result = $thrown;
			} catch ( Throwable $thrown ) {
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
				? new Merchant_Elements_Error( 404, $result['value']['error'], $result['value']['message'] )
				: merchant_elements_to_error( $result );
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

/**
 * The size of an image scaled down (never up) to fit the bounds, aspect ratio kept.
 *
 * @param int|float      $width      Width.
 * @param int|float      $height     Height.
 * @param int|float|null $max_width  Bound or null.
 * @param int|float|null $max_height Bound or null.
 * @return array `width`, `height`.
 */
function merchant_elements_fit( $width, $height, $max_width = null, $max_height = null ) {
	$scale = min( 1, $max_width ? $max_width / $width : 1, $max_height ? $max_height / $height : 1 );
	return array(
		'width'  => max( 1, merchant_elements_js_round( $width * $scale ) ),
		'height' => max( 1, merchant_elements_js_round( $height * $scale ) ),
	);
}
