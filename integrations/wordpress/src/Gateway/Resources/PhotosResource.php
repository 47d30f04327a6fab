<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * PhotosResource.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Resources;

use MerchantElements\Gateway\Contract;
use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\Js;
use MerchantElements\Gateway\Normalize\Photos;
use MerchantElements\Gateway\Normalize\Result;
use MerchantElements\Gateway\UpstreamClient;

defined( 'ABSPATH' ) || exit;

/**
 * `GET /v1/locations/{id}/photos` (src/gateway/resources/photos.ts): photos at the size asked, each with smaller
 * variants from the upstream's lists at the contract's variant widths.
 */
final class PhotosResource extends CachedResource {

	/**
	 * The size part of the photo cache keys.
	 *
	 * @param string      $id     Location id.
	 * @param string|null $type   Photo type or null.
	 * @param int|null    $width  Width or null.
	 * @param int|null    $height Height or null.
	 * @return string
	 */
	private static function size_key( $id, $type, $width, $height ) {
		return $id . ':' . ( null === $type ? '' : $type ) . ':' . ( null === $width ? '' : $width ) . ':' . ( null === $height ? '' : $height );
	}

	/**
	 * One upstream photo list at one size, without variants.
	 *
	 * @param string      $id     Location id.
	 * @param string|null $type   Photo type or null.
	 * @param int|null    $width  Width or null.
	 * @param int|null    $height Height or null.
	 * @return array Cache result.
	 */
	private function photo_list( $id, $type, $width, $height ) {
		$context = $this->context;
		return $context->cache->get(
			'photo-list:' . self::size_key( $id, $type, $width, $height ),
			function () use ( $context, $id, $type, $width, $height ) {
				$query = array(
					'width'  => $width,
					'height' => $height,
					'type'   => $type,
				);
				return $context->from_upstream(
					'publisher',
					'/locations/' . UpstreamClient::encode_strict( $id ) . '/photos/' . UpstreamClient::query( $query ),
					$id,
					function ( $body ) use ( $context ) {
						$result = Photos::normalize_photos( $body, $context->secure_hosts );
						return $result['ok'] ? Result::ok( array( 'photos' => $result['value'] ) ) : $result;
					}
				);
			},
			array( $id )
		);
	}

	/**
	 * The cache key.
	 *
	 * @param array $params `id`, `type`, `width`, `height` (each null when not asked).
	 * @return string
	 */
	protected function key( array $params ) {
		return 'photos:' . self::size_key( $params['id'], $params['type'], $params['width'], $params['height'] );
	}

	/**
	 * The photos at the size asked, each with its variants from the lists at the variant widths.
	 *
	 * @param array $params As key().
	 * @return array
	 * @throws GatewayError The first failure among the lists, in order (as Promise.all).
	 */
	protected function fill( array $params ) {
		$id     = $params['id'];
		$type   = $params['type'];
		$width  = $params['width'];
		$height = $params['height'];
		// All four lists are asked for, as Promise.all does; the first failure (in order) is the answer's.
		$widths  = Contract::get()['photoVariantWidths'];
		$sizes   = array( array( $width, $height ) );
		$lists   = array();
		$failure = null;
		foreach ( $widths as $variant_width ) {
			$sizes[] = array( $variant_width, null );
		}
		foreach ( $sizes as $size ) {
			try {
				$lists[] = $this->photo_list( $id, $type, $size[0], $size[1] );
			} catch ( GatewayError $error ) {
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
			$size            = ( $photo['width'] && $photo['height'] ) ? self::fit( $photo['width'], $photo['height'], $width, $height ) : null;
			$out             = $photo;
			$out['width']    = null !== $size ? $size['width'] : $photo['width'];
			$out['height']   = null !== $size ? $size['height'] : $photo['height'];
			$out['variants'] = self::variants_of( $photo, $by_width );
			$photos[]        = $out;
		}
		return array(
			'status' => 200,
			'value'  => array( 'photos' => $photos ),
		);
	}

	/**
	 * Smaller renditions of a photo, ascending; widths at or above the original are left out.
	 *
	 * @param array $photo    The photo, with its original size.
	 * @param array $by_width Per-width photos by id.
	 * @return array
	 */
	private static function variants_of( array $photo, array $by_width ) {
		if ( ! $photo['width'] || ! $photo['height'] ) {
			return array();
		}
		$variants = array();
		foreach ( $by_width as $list ) {
			$key = 'p' . $photo['id'];
			if ( ! isset( $list['photos'][ $key ] ) || $list['width'] >= $photo['width'] ) {
				continue;
			}
			$variant        = self::fit( $photo['width'], $photo['height'], $list['width'], null );
			$variant['url'] = $list['photos'][ $key ]['url'];
			$variants[]     = $variant;
		}
		return Js::sort(
			$variants,
			function ( $a, $b ) {
				return $a['width'] <=> $b['width'];
			}
		);
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
	public static function fit( $width, $height, $max_width = null, $max_height = null ) {
		$scale = min( 1, $max_width ? $max_width / $width : 1, $max_height ? $max_height / $height : 1 );
		return array(
			'width'  => max( 1, Js::round( $width * $scale ) ),
			'height' => max( 1, Js::round( $height * $scale ) ),
		);
	}
}
