<?php
/**
 * The upstream transport of "self" mode: signs each request exactly as the spec says (the core's
 * merchant_elements_sign_path()), sends it with WordPress's HTTP API (wp_safe_remote_get: never a private or
 * link-local address, no redirects, a short timeout, a size limit), and reads the answer as the Node gateway does
 * (merchant_elements_interpret_upstream()). Failures become the same error resources as on Node; none of them
 * carries the request's URL, so neither the signature nor the key can leak through an error or a log.
 *
 * One deadline per page: requests made while a page renders share MERCHANT_ELEMENTS_FETCH_BUDGET between them, so
 * an upstream that accepts connections and never answers holds a page about that long once, not once per element.
 *
 * @package MerchantElements
 */

defined( 'ABSPATH' ) || exit;

/** Seconds one upstream request may take. */
const MERCHANT_ELEMENTS_UPSTREAM_TIMEOUT = 3.0;
/** Largest upstream answer accepted, in bytes (the Node gateway's default). */
const MERCHANT_ELEMENTS_UPSTREAM_MAX_BYTES = 5242880;

/** Signed GETs to the Actions and Publisher APIs through WordPress's HTTP API. */
class Merchant_Elements_WP_Upstream implements Merchant_Elements_Upstream {

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
	 * @param array      $credentials From merchant_elements_credentials().
	 * @param float|null $deadline    A microtime no request may run past (a page's budget), or null.
	 */
	public function __construct( array $credentials, $deadline = null ) {
		$this->credentials    = $credentials;
		$this->deadline       = $deadline;
		$this->sign_publisher = defined( 'MERCHANT_ELEMENTS_SIGN_PUBLISHER' ) && MERCHANT_ELEMENTS_SIGN_PUBLISHER;
	}

	/**
	 * GETs a path of one API; resolves 2xx and 404 answers, throws Merchant_Elements_Error for everything else.
	 *
	 * @param string $api            'actions' or 'publisher'.
	 * @param string $path_and_query Relative to the API's base, already encoded.
	 * @return array{status: int, body: mixed, next: string|null}
	 * @throws Merchant_Elements_Error When the upstream fails or refuses.
	 */
	public function get( $api, $path_and_query ) {
		$timeout = MERCHANT_ELEMENTS_UPSTREAM_TIMEOUT;
		if ( null !== $this->deadline ) {
			$timeout = min( $timeout, $this->deadline - microtime( true ) );
			if ( $timeout < 0.05 ) {
				throw new Merchant_Elements_Error( 504, 'UPSTREAM_TIMEOUT', sprintf( 'The %s API did not answer in time.', $api ) );
			}
		}
		$base = 'actions' === $api ? $this->credentials['actions_url'] : $this->credentials['publisher_url'];
		$path = $path_and_query;
		if ( 'actions' === $api || $this->sign_publisher ) {
			$path = merchant_elements_sign_path( $path_and_query, $this->credentials['client_id'], $this->credentials['signing_key'] );
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
				'limit_response_size' => MERCHANT_ELEMENTS_UPSTREAM_MAX_BYTES + 1,
				'headers'             => array( 'accept' => 'application/json' ),
				'user-agent'          => 'merchant-elements-wordpress/' . MERCHANT_ELEMENTS_VERSION,
			)
		);
		if ( is_wp_error( $response ) ) {
			// The error's text may hold the URL (and so the signature): only its kind is used.
			if ( false !== stripos( $response->get_error_message(), 'timed out' ) ) {
				throw new Merchant_Elements_Error( 504, 'UPSTREAM_TIMEOUT', sprintf( 'The %s API did not answer in time.', $api ) );
			}
			throw new Merchant_Elements_Error( 502, 'UPSTREAM_UNAVAILABLE', sprintf( 'The %s API could not be reached.', $api ) );
		}
		$body = (string) wp_remote_retrieve_body( $response );
		if ( strlen( $body ) > MERCHANT_ELEMENTS_UPSTREAM_MAX_BYTES ) {
			throw new Merchant_Elements_Error( 502, 'UPSTREAM_TOO_LARGE', 'The upstream answer exceeded the size limit.' );
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
		return merchant_elements_interpret_upstream( $api, (int) wp_remote_retrieve_response_code( $response ), $headers, $body );
	}
}
