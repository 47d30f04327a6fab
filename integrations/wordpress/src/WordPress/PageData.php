<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * PageData.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\Contract;
use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\RequestParams;
use MerchantElements\Gateway\Signature;

defined( 'ABSPATH' ) || exit;

/**
 * The page's data in the page, in "self" mode: for each element, the contract JSON it will ask for, as the data
 * blocks the bundle's takeover reads (`<script type="application/json" data-merchant-url="…">`, the same blocks a
 * server render carries). The bundle puts them in its request cache before the elements load, so they render as
 * soon as the script runs, with no request at all.
 *
 * Each block is keyed by the exact URL the element requests (src/contract/routes.ts routeUrl(), over the site's own
 * endpoint), printed once per page however many elements share it, after the page's content (DataBlocks). The data
 * comes through the same cache as the REST routes; all of a page's upstream calls share one time budget, so a
 * hanging upstream holds a page about Render::page_budget() seconds once (and the cache remembers the failure, so the
 * next views do not wait): an element without its block asks the REST route itself, and shows its error state if
 * that fails too.
 */
final class PageData {

	/**
	 * The data blocks for one element: those of its requests not printed yet on this page.
	 *
	 * @param string                $tag    The element's tag.
	 * @param array<string, string> $values Its attributes, checked (a boolean that is on: '').
	 * @return string
	 */
	public static function data_blocks( $tag, array $values ) {
		static $printed = array();
		$endpoint       = Connection::endpoint();
		if ( '' === $endpoint ) {
			return '';
		}
		$blocks = '';
		foreach ( self::element_requests( $tag, $values ) as $request ) {
			list( $route, $path, $query ) = $request;
			$url                          = self::route_url( $endpoint, $route, $path, $query );
			if ( isset( $printed[ $url ] ) || count( $printed ) >= Render::PAGE_FETCHES_MAX ) {
				continue;
			}
			$printed[ $url ] = true;
			try {
				$params = RequestParams::read_params( $route, $path, array_map( 'strval', $query ) );
				$answer = DataAge::of(
					function () use ( $route, $params ) {
						return Rest::resources( Render::page_deadline() )->answer( $route, $params );
					}
				);
			} catch ( GatewayError $error ) {
				continue;
			}
			if ( 200 !== (int) $answer['status'] ) {
				continue;
			}
			$json = wp_json_encode( $answer['value'], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_HEX_TAG | JSON_HEX_AMP );
			// Its age and the ETag the REST route gives the same answer: the bundle revalidates it once it is stale.
			$etag    = DataAge::etag( Rest::contract_json( $answer['value'] ) );
			$blocks .= '<script type="application/json"' . DataAge::block_attributes( $url, $answer, $etag ) . '>' . $json . '</script>';
		}
		return $blocks;
	}

	/**
	 * What an element requests, as it does in the browser (ElementRequests: generated from the elements themselves).
	 * Each is `array( route name, path parameters, query as the element writes it )`, for the element's own location
	 * or the site's.
	 *
	 * @param string                $tag    The element's tag.
	 * @param array<string, string> $values Its attributes, checked.
	 * @return array<int, array{0: string, 1: array<string, string>, 2: array<string, string>}>
	 */
	public static function element_requests( $tag, array $values ) {
		$location = isset( $values['location-id'] ) && '' !== $values['location-id'] ? $values['location-id'] : (string) get_option( 'merchant_elements_location_id', '' );
		return ElementRequests::of( $tag, $values, $location );
	}

	/**
	 * `{endpoint}{path}?{query}` as the browser writes it (routeUrl in src/contract/routes.ts): values percent-encoded
	 * as encodeURIComponent does, commas kept readable; parameters in the order given.
	 *
	 * @param string $endpoint The endpoint, without a trailing slash.
	 * @param string $route    The route's name.
	 * @param array  $path     Its path parameters.
	 * @param array  $query    Its query.
	 * @return string
	 */
	public static function route_url( $endpoint, $route, array $path, array $query ) {
		$template = Contract::get()['routes'][ $route ]['path'];
		$url      = $endpoint . preg_replace_callback(
			'/\{(\w+)\}/',
			function ( $placeholder ) use ( $path ) {
				return Signature::encode_uri_component( isset( $path[ $placeholder[1] ] ) ? $path[ $placeholder[1] ] : '' );
			},
			$template
		);
		$pairs    = array();
		foreach ( $query as $name => $value ) {
			if ( '' !== (string) $value ) {
				$pairs[] = $name . '=' . str_ireplace( '%2C', ',', Signature::encode_uri_component( (string) $value ) );
			}
		}
		return $pairs ? $url . '?' . implode( '&', $pairs ) : $url;
	}
}
