<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * CachedResource.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Resources;

defined( 'ABSPATH' ) || exit;

/**
 * A resource stored whole under one cache key (src/gateway/resources/resource.ts cachedResource()): each one says its
 * cache key and how it fills the entry from the upstream; loading through the cache, tagged with the location for the
 * change feed's invalidation, is done here once.
 */
abstract class CachedResource {

	/**
	 * What it loads with.
	 *
	 * @var ResourceContext
	 */
	protected $context;

	/**
	 * Constructor.
	 *
	 * @param ResourceContext $context What it loads with.
	 */
	public function __construct( ResourceContext $context ) {
		$this->context = $context;
	}

	/**
	 * The answer through the cache: filled from the upstream (once) when there is no usable entry.
	 *
	 * @param array $params The route's parameters, as RequestParams::read_params() reads them.
	 * @return array Cache result.
	 */
	public function load( array $params ) {
		return $this->context->cache->get(
			$this->key( $params ),
			function () use ( $params ) {
				return $this->fill( $params );
			},
			$this->tags( $params )
		);
	}

	/**
	 * The cache key (the Node gateway's, so both read the same entries' meaning).
	 *
	 * @param array $params The route's parameters.
	 * @return string
	 */
	abstract protected function key( array $params );

	/**
	 * The entry, from the upstream: `array( 'status' => 200|404, 'value' => … )`.
	 *
	 * @param array $params The route's parameters.
	 * @return array
	 */
	abstract protected function fill( array $params );

	/**
	 * The location ids the entry belongs to (the change feed's invalidation): the path's id, if any.
	 *
	 * @param array $params The route's parameters.
	 * @return string[]
	 */
	protected function tags( array $params ) {
		return isset( $params['id'] ) ? array( $params['id'] ) : array();
	}
}
