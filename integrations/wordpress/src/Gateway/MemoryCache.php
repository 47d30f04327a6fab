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
 * A cache for one PHP process: each key loaded once, errors not kept.
 */
class MemoryCache implements Cache {

	/**
	 * Loaded entries by key.
	 *
	 * @var array
	 */
	private $entries = array();

	/**
	 * The entry under `$key`: `hit` when loaded before, else loaded now (`miss`).
	 *
	 * @param string   $key  Cache key.
	 * @param callable $load The loader.
	 * @param string[] $tags Location ids (unused here).
	 * @return array
	 */
	public function get( $key, $load, array $tags ) {
		if ( isset( $this->entries[ $key ] ) ) {
			$entry          = $this->entries[ $key ];
			$entry['state'] = 'hit';
			return $entry;
		}
		$loaded                = call_user_func( $load );
		$entry                 = array(
			'status' => $loaded['status'],
			'value'  => $loaded['value'],
		);
		$this->entries[ $key ] = $entry;
		$entry['state']        = 'miss';
		return $entry;
	}
}
