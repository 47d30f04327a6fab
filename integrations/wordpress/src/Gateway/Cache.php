<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * The cache the resources load through (the Node gateway's ResponseCache, reduced to what they need), and a
 * per-process memory implementation. The WordPress side provides one over its own storage.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

/**
 * A response cache.
 */
interface Cache {

	/**
	 * The entry under `$key`, loaded with `$load` when there is none usable.
	 *
	 * @param string   $key  Cache key (as the Node gateway's, e.g. `location:{id}`).
	 * @param callable $load Returns `array( 'status' => 200|404, 'value' => mixed )` or throws GatewayError.
	 * @param string[] $tags Location ids the entry belongs to (for invalidation).
	 * @return array `status`, `value`, `state` (hit, miss, stale, stale-if-error, shared).
	 * @throws GatewayError What `$load` throws, when nothing can stand in.
	 */
	public function get( $key, $load, array $tags );
}
