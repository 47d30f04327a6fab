<?php
/**
 * The cache the resources load through (the Node gateway's ResponseCache, reduced to what they need), and a
 * per-process memory implementation. The WordPress side provides one over its own storage.
 *
 * @package Merchant_Elements
 */

defined( 'ABSPATH' ) || defined( 'MERCHANT_ELEMENTS_CORE' ) || exit;

/**
 * A response cache.
 */
interface Merchant_Elements_Cache {

	/**
	 * The entry under `$key`, loaded with `$load` when there is none usable.
	 *
	 * @param string   $key  Cache key (as the Node gateway's, e.g. `location:{id}`).
	 * @param callable $load Returns `array( 'status' => 200|404, 'value' => mixed )` or throws Merchant_Elements_Error.
	 * @param string[] $tags Location ids the entry belongs to (for invalidation).
	 * @return array `status`, `value`, `state` (hit, miss, stale, stale-if-error, shared).
	 * @throws Merchant_Elements_Error What `$load` throws, when nothing can stand in.
	 */
	public function get( $key, $load, array $tags );
}

/**
 * A cache for one PHP process: each key loaded once, errors not kept.
 */
class Merchant_Elements_Memory_Cache implements Merchant_Elements_Cache {

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
