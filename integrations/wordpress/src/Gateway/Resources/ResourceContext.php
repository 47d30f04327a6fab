<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * ResourceContext.
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
 * What every resource loads with (src/gateway/resources/resource.ts): one upstream, one cache, the hosts with a
 * secure variant; and the one way an upstream answer becomes a cached, normalized entry.
 */
final class ResourceContext {

	/**
	 * The upstream APIs.
	 *
	 * @var Upstream
	 */
	public $upstream;

	/**
	 * The response cache.
	 *
	 * @var Cache
	 */
	public $cache;

	/**
	 * Hosts with a secure variant, as keys (`img.example`, `*.example`).
	 *
	 * @var array
	 */
	public $secure_hosts = array();

	/**
	 * Constructor.
	 *
	 * @param Upstream $upstream The upstream.
	 * @param Cache    $cache    The cache.
	 * @param array    $options  `secure_hosts`: host patterns like `*.sandbox.example`.
	 */
	public function __construct( Upstream $upstream, Cache $cache, array $options ) {
		$this->upstream = $upstream;
		$this->cache    = $cache;
		$hosts          = isset( $options['secure_hosts'] ) ? (array) $options['secure_hosts'] : array();
		foreach ( $hosts as $host ) {
			$host = strtolower( trim( (string) $host ) );
			if ( '' !== $host ) {
				$this->secure_hosts[ $host ] = true;
			}
		}
	}

	/**
	 * The 404 resource of an unknown location (unknownLocation).
	 *
	 * @param string $id Location id.
	 * @return array
	 */
	public static function unknown_location( $id ) {
		return array(
			'error'       => 'LOCATION_DOES_NOT_EXIST',
			'message'     => 'There is no location with id "' . $id . '".',
			'status_code' => 404,
		);
	}

	/**
	 * The normalized value, or the 502 naming where the upstream's answer could not be read (unwrap).
	 *
	 * @param array  $result Normalized.
	 * @param string $api    The API.
	 * @return mixed
	 * @throws GatewayError When normalizing failed.
	 */
	public static function unwrap( array $result, $api ) {
		if ( $result['ok'] ) {
			return $result['value'];
		}
		throw new GatewayError( 502, 'UPSTREAM_MALFORMED', 'The ' . $api . ' API sent an answer the gateway cannot read (' . $result['path'] . ': ' . $result['message'] . ').' );
	}

	/**
	 * One upstream GET about a location, normalized; its 404 is the location's (fromUpstream).
	 *
	 * @param string   $api       The API.
	 * @param string   $path      Path and query.
	 * @param string   $id        Location id.
	 * @param callable $normalize Body => Normalized.
	 * @return array Loaded.
	 */
	public function from_upstream( $api, $path, $id, $normalize ) {
		$response = $this->upstream->get( $api, $path );
		if ( 404 === $response['status'] ) {
			return array(
				'status' => 404,
				'value'  => self::unknown_location( $id ),
			);
		}
		return array(
			'status' => 200,
			'value'  => self::unwrap( call_user_func( $normalize, $response['body'] ), $api ),
		);
	}
}
