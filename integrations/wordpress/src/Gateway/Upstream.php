<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * What the upstream client of src/gateway/upstream.ts does with an answer, without the HTTP (the WordPress
 * transport signs, fetches, then calls UpstreamClient::interpret()): the JSON parse, the status rules,
 * the Publisher's `{code, data}` envelope, the next link, and the upstream's own error resources.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

/**
 * The upstream APIs, as the resources use them.
 */
interface Upstream {

	/**
	 * GETs a path (relative to the API's base URL, already encoded, not yet signed).
	 *
	 * @param string $api            `actions` or `publisher`.
	 * @param string $path_and_query Path with its query.
	 * @return array `status` (2xx or 404), `body` (decoded JSON: objects as \stdClass), `next` (string|null).
	 * @throws GatewayError For every other answer and for transport failures.
	 */
	public function get( $api, $path_and_query );
}
