<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * The upstream transport of "self" mode: signs each request exactly as the spec says (the core's
 * Signature::sign_path()), sends it with WordPress's HTTP API (wp_safe_remote_get: never a private or
 * link-local address, no redirects, a short timeout, a size limit), and reads the answer as the Node gateway does
 * (UpstreamClient::interpret()). Failures become the same error resources as on Node; none of them
 * carries the request's URL, so neither the signature nor the key can leak through an error or a log.
 *
 * One deadline per page: requests made while a page renders share MERCHANT_ELEMENTS_FETCH_BUDGET between them, so
 * an upstream that accepts connections and never answers holds a page about that long once, not once per element.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\Signature;
use MerchantElements\Gateway\Upstream;
use MerchantElements\Gateway\UpstreamClient;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a GatewayError's message ends in a JSON error resource {error, message, status_code} (wp_json_encode), never in HTML; messages are written here, never copied from a URL.

/** Signed GETs to the Actions and Publisher APIs through WordPress's HTTP API. */
class HttpUpstream implements Upstream {

	/** Seconds one upstream request may take. */
	const UPSTREAM_TIMEOUT = 3.0;

	/** Largest upstream answer accepted, in bytes (the Node gateway's default). */
	const UPSTREAM_MAX_BYTES = 5242880;

	/**
	 * Upstream calls this request made (the miss budget charges only a request that made one).
	 *
	 * @var int
	 */
	public static $calls = 0;

	/**
	 * Called before each upstream call this request makes (the REST routes' miss budget: a visitor who spent it is
	 * refused there, when a call would be made, so what is cached still answers); throws to refuse the call.
	 *
	 * @var callable|null
	 */
	public static $before_call = null;

	/**
	 * What to sign and fetch with.
	 *
	 * @var array{client_id: string, signing_key: string, actions_url: string, publisher_url: string}
	 */
	private $credentials;

	/**
	 * The latest time (microtime) requests may run until; null: each request has the full timeout.
	 *
	 * @var float|null
	 */
	private $deadline;

	/**
	 * Whether the Publisher API is signed too (MERCHANT_ELEMENTS_SIGN_PUBLISHER; off as on the Node gateway).
	 *
	 * @var bool
	 */
	private $sign_publisher;

	/**
	 * The transport.
	 *
	 * @param array      $credentials From Connection::credentials().
	 * @param float|null $deadline    A microtime no request may run past (a page's budget), or null.
	 */
	public function __construct( array $credentials, $deadline = null ) {
		$this->credentials    = $credentials;
		$this->deadline       = $deadline;
		$this->sign_publisher = defined( 'MERCHANT_ELEMENTS_SIGN_PUBLISHER' ) && MERCHANT_ELEMENTS_SIGN_PUBLISHER;
	}

	/**
	 * GETs a path of one API; resolves 2xx and 404 answers, throws GatewayError for everything else.
	 *
	 * @param string $api            'actions' or 'publisher'.
	 * @param string $path_and_query Relative to the API's base, already encoded.
	 * @return array{status: int, body: mixed, next: string|null}
	 * @throws GatewayError When the upstream fails or refuses.
	 */
	public function get( $api, $path_and_query ) {
		$timeout = self::UPSTREAM_TIMEOUT;
		if ( null !== $this->deadline ) {
			$timeout = min( $timeout, $this->deadline - microtime( true ) );
			if ( $timeout < 0.05 ) {
				throw new GatewayError( 504, 'UPSTREAM_TIMEOUT', sprintf( 'The %s API did not answer in time.', $api ) );
			}
		}
		$base = 'actions' === $api ? $this->credentials['actions_url'] : $this->credentials['publisher_url'];
		$path = $path_and_query;
		if ( 'actions' === $api || $this->sign_publisher ) {
			$path = Signature::sign_path( $path_and_query, $this->credentials['client_id'], $this->credentials['signing_key'] );
		}
		if ( null !== self::$before_call ) {
			call_user_func( self::$before_call );
		}
		++self::$calls;
		$response = wp_safe_remote_get(
			$base . $path,
			array(
				'timeout'             => $timeout,
				'redirection'         => 0,
				'limit_response_size' => self::UPSTREAM_MAX_BYTES + 1,
				'headers'             => array( 'accept' => 'application/json' ),
				'user-agent'          => 'merchant-elements-wordpress/' . MERCHANT_ELEMENTS_VERSION,
			)
		);
		if ( is_wp_error( $response ) ) {
			// The error's text may hold the URL (and so the signature): only its kind is used.
			if ( false !== stripos( $response->get_error_message(), 'timed out' ) ) {
				throw new GatewayError( 504, 'UPSTREAM_TIMEOUT', sprintf( 'The %s API did not answer in time.', $api ) );
			}
			throw new GatewayError( 502, 'UPSTREAM_UNAVAILABLE', sprintf( 'The %s API could not be reached.', $api ) );
		}
		$body = (string) wp_remote_retrieve_body( $response );
		if ( strlen( $body ) > self::UPSTREAM_MAX_BYTES ) {
			throw new GatewayError( 502, 'UPSTREAM_TOO_LARGE', 'The upstream answer exceeded the size limit.' );
		}
		$headers = array();
		foreach ( array( 'link', 'retry-after' ) as $name ) {
			$value = wp_remote_retrieve_header( $response, $name );
			if ( is_array( $value ) ) {
				$value = implode( ', ', $value );
			}
			if ( '' !== (string) $value ) {
				$headers[ $name ] = (string) $value;
			}
		}
		return UpstreamClient::interpret( $api, (int) wp_remote_retrieve_response_code( $response ), $headers, $body );
	}
}
