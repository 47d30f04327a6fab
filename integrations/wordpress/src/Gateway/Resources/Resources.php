<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Resources.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Resources;

use MerchantElements\Gateway\Cache;
use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\Upstream;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a GatewayError's message ends in a JSON error resource {error, message, status_code} (wp_json_encode), never in HTML; messages are written here, never copied from a URL.

/**
 * The widget contract's /v1 resources over one upstream and one cache (src/gateway/resources/index.ts), one class
 * each: the same cache keys, tags, upstream paths and answers as the Node gateway. Adding a resource is its route
 * declaration, its class and one line in the constructor.
 */
final class Resources {

	/**
	 * Each route's loader, by route name: callable( array $params ) => cache result or answer.
	 *
	 * @var array<string, callable>
	 */
	private $routes;

	/**
	 * Constructor.
	 *
	 * @param Upstream $upstream The upstream.
	 * @param Cache    $cache    The cache.
	 * @param array    $options  `secure_hosts`: host patterns like `*.sandbox.example`.
	 */
	public function __construct( Upstream $upstream, Cache $cache, array $options ) {
		$context      = new ResourceContext( $upstream, $cache, $options );
		$location     = new LocationResource( $context );
		$menus        = new MenusResource( $context );
		$photos       = new PhotosResource( $context );
		$actions      = new ActionsResource( $context );
		$nearby       = new NearbyResource( $context, $location );
		$this->routes = array(
			'location'        => array( $location, 'load' ),
			'menus'           => array( $menus, 'load' ),
			'photos'          => array( $photos, 'load' ),
			'actions'         => array( $actions, 'load' ),
			'location_nearby' => array( $nearby, 'load' ),
			'nearby'          => array( $nearby, 'load' ),
			'page'            => array( new PageResource( $location, $menus, $photos, $actions ), 'load' ),
		);
	}

	/**
	 * A route's answer.
	 *
	 * @param string $route_name Route name (location, menus, photos, actions, location_nearby, nearby, page).
	 * @param array  $params     Its parameters, as RequestParams::read_params() reads them.
	 * @return array `status` (200|404), `value`, `state`, `cache_control` (null or `no-store`).
	 * @throws GatewayError When there is no answer; a bug (an unknown route name) is a 500 without its text.
	 */
	public function answer( $route_name, array $params ) {
		try {
			if ( ! isset( $this->routes[ $route_name ] ) ) {
				throw GatewayError::from( new \InvalidArgumentException( 'Unknown route: ' . $route_name ) ); // A bug: the 500, without its text.
			}
			$result = call_user_func( $this->routes[ $route_name ], $params );
		} catch ( \Throwable $error ) {
			throw GatewayError::from( $error );
		}
		return $result + array( 'cache_control' => null );
	}
}
