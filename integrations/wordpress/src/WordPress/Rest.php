<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Rest.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\ClientAddress;
use MerchantElements\Gateway\Contract;
use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\RequestParams;
use MerchantElements\Gateway\Resources\Resources;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a GatewayError's message ends in a JSON error resource {error, message, status_code} (wp_json_encode), never in HTML; messages are written here, never copied from a URL.

/**
 * The widget contract served by WordPress, in "self" mode: every /v1 route the elements request (declared once in
 * src/contract/routes.ts, read here from the generated routes.json: Contract::get()) under `<site>/wp-json/merchant-elements/v1/…`,
 * with the Node gateway's parameters, answers, error resources `{error, message, status_code}`, status codes, ETag
 * and 304, and Cache-Control. The data is public (what the elements show to every visitor), so the routes need no
 * login; what they cost upstream is bounded by the cache and the per-visitor miss budget.
 */
final class Rest {

	/** Upstream-calling requests a visitor may make per minute (MERCHANT_ELEMENTS_MISS_RATE_LIMIT; 0: no limit). */
	const MISS_RATE_LIMIT = 60;

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		add_action( 'rest_api_init', array( self::class, 'register_rest_routes' ) );
		add_action( 'parse_request', array( self::class, 'route_path_info' ), 0 );
		add_filter( 'rest_pre_serve_request', array( self::class, 'serve_contract' ), 10, 4 );
	}

	/**
	 * The resources, made once per request: the core (src/Gateway/) over WordPress's HTTP API and caches.
	 *
	 * @param float|null $deadline A microtime no upstream request may run past (a page's render budget), or null.
	 * @return Resources
	 */
	public static function resources( $deadline = null ) {
		static $made = array();
		$id          = null === $deadline ? 'request' : 'page';
		if ( ! isset( $made[ $id ] ) ) {
			$wait        = null === $deadline ? (int) ceil( HttpUpstream::UPSTREAM_TIMEOUT ) + 1 : max( 1, (int) ceil( $deadline - microtime( true ) ) );
			$secure      = defined( 'MERCHANT_ELEMENTS_SECURE_HOSTS' ) ? (string) MERCHANT_ELEMENTS_SECURE_HOSTS : '*.sandbox.example';
			$made[ $id ] = new Resources(
				new HttpUpstream( Connection::credentials(), $deadline ),
				new SiteCache( SiteCache::configured_windows(), $wait ),
				array( 'secure_hosts' => array_values( array_filter( array_map( 'trim', explode( ',', strtolower( $secure ) ) ) ) ) )
			);
		}
		return $made[ $id ];
	}

	/**
	 * With plain permalinks there is no /wp-json/ path: the elements' endpoint is `<site>/index.php/wp-json/merchant-elements`
	 * (see Connection::endpoint()), and this hands such a request to the REST API.
	 *
	 * @param WP $wp The request being parsed.
	 */
	public static function route_path_info( $wp ) {
		if ( ! empty( $wp->query_vars['rest_route'] ) || '' !== (string) get_option( 'permalink_structure', '' ) ) {
			return;
		}
		$uri  = isset( $_SERVER['REQUEST_URI'] ) ? (string) wp_unslash( $_SERVER['REQUEST_URI'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- matched against a fixed pattern, never printed.
		$path = (string) wp_parse_url( $uri, PHP_URL_PATH );
		$home = rtrim( (string) wp_parse_url( home_url( '/' ), PHP_URL_PATH ), '/' );
		$head = $home . '/index.php/' . rest_get_url_prefix() . '/merchant-elements/';
		if ( 0 === strpos( $path, $head ) ) {
			$wp->query_vars['rest_route'] = '/merchant-elements/' . substr( $path, strlen( $head ) );
		}
	}

	/**
	 * A route's path template as a REST route pattern: `/v1/locations/{id}/menus` → `/v1/locations/(?P<id>[^/]+)/menus`.
	 *
	 * @param string $path The template.
	 * @return string
	 */
	public static function rest_pattern( $path ) {
		return preg_replace( '/\{(\w+)\}/', '(?P<$1>[^/]+)', $path );
	}

	/** Registers the contract's routes, in "self" mode, and a last route that answers the contract's 404 for the rest. */
	public static function register_rest_routes() {
		if ( 'self' !== Connection::source() ) {
			return;
		}
		foreach ( Contract::get()['routes'] as $name => $route ) {
			register_rest_route(
				'merchant-elements',
				self::rest_pattern( $route['path'] ),
				array(
					'methods'             => 'GET',
					'permission_callback' => '__return_true',
					'callback'            => function ( \WP_REST_Request $request ) use ( $name ) {
						if ( 'directory' === $name ) {
							// Answered from the plugin's table (src/WordPress/Directory.php), never from the upstream.
							return self::directory_answer( $request );
						}
						return self::contract_answer( $name, $request );
					},
				)
			);
		}
		register_rest_route(
			'merchant-elements',
			'/v1(?P<rest>/.*)?',
			array(
				'methods'             => \WP_REST_Server::ALLMETHODS,
				'permission_callback' => '__return_true',
				'callback'            => function ( \WP_REST_Request $request ) {
					if ( 'GET' !== $request->get_method() && 'HEAD' !== $request->get_method() ) {
						return self::contract_error( new GatewayError( 405, 'METHOD_NOT_ALLOWED', sprintf( 'Method %s is not allowed; the endpoint is read-only (GET, HEAD, OPTIONS).', $request->get_method() ) ) );
					}
					return self::contract_error( new GatewayError( 404, 'NOT_FOUND', 'No such endpoint; see /v1/openapi.json on a merchant-elements gateway.' ) );
				},
			)
		);
	}

	/**
	 * One route's answer, as a response the contract's serializer writes (self::serve_contract()).
	 *
	 * @param string           $name    The route's name.
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response
	 */
	public static function contract_answer( $name, \WP_REST_Request $request ) {
		if ( ! Connection::self_ready() ) {
			return self::contract_error( new GatewayError( 503, 'NOT_CONFIGURED', 'This site has not been given its upstream credentials yet (Settings › Merchant Elements).' ) );
		}
		$client = self::client_key();
		// The miss budget is checked when this request is about to call the upstream, not before: hits cost nothing.
		HttpUpstream::$before_call = function () use ( $client ) {
			self::check_miss_budget( $client );
		};
		try {
			$query = array();
			foreach ( $request->get_query_params() as $key => $value ) {
				if ( 'rest_route' === $key ) {
					continue;
				}
				if ( ! is_string( $value ) ) {
					return self::contract_error( new GatewayError( 400, 'INVALID_PARAMETER', sprintf( 'Parameter "%s" must be given once, as text.', $key ) ) );
				}
				$query[ $key ] = $value;
			}
			$path   = array_filter( $request->get_url_params(), 'is_string' );
			$params = RequestParams::read_params( $name, $path, $query );
			$before = HttpUpstream::$calls;
			try {
				$answer = DataAge::of(
					function () use ( $name, $params ) {
						return self::resources()->answer( $name, $params );
					}
				);
			} finally {
				// Only the request that made an upstream call pays: visitors who waited on it, or were answered from the
				// cache, do not.
				if ( HttpUpstream::$calls > $before ) {
					self::charge_miss( $client );
				}
			}
		} catch ( GatewayError $error ) {
			return self::contract_error( $error );
		}
		$response = new \WP_REST_Response( null, (int) $answer['status'] );
		$response->header( 'X-Cache', (string) $answer['state'] );
		$cache_control = empty( $answer['cache_control'] ) ? self::cache_control( (int) $answer['status'], $answer ) : (string) $answer['cache_control'];
		$response->header( 'Cache-Control', $cache_control );
		$response->set_data( array( 'merchant_elements_contract' => self::contract_json( $answer['value'] ) ) );
		return $response;
	}

	/**
	 * The contract's GET /v1/directory in self mode, written as the other answers are.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response
	 */
	public static function directory_answer( \WP_REST_Request $request ) {
		$query = array();
		foreach ( $request->get_query_params() as $key => $value ) {
			if ( 'rest_route' !== $key && is_string( $value ) ) {
				$query[ $key ] = $value;
			}
		}
		$answer   = Directory::answer( $query );
		$response = new \WP_REST_Response( null, $answer['status'] );
		$response->header( 'Cache-Control', isset( $answer['headers']['Cache-Control'] ) ? $answer['headers']['Cache-Control'] : 'no-store' );
		if ( isset( $answer['headers']['Retry-After'] ) ) {
			$response->header( 'Retry-After', $answer['headers']['Retry-After'] );
		}
		$response->set_data( array( 'merchant_elements_contract' => self::contract_json( $answer['body'] ) ) );
		return $response;
	}

	/**
	 * An error as the contract's error resource.
	 *
	 * @param GatewayError $error The error.
	 * @return \WP_REST_Response
	 */
	public static function contract_error( GatewayError $error ) {
		$response = new \WP_REST_Response( null, (int) $error->status );
		// A 404 (an unknown location) may be kept briefly; every other error is not kept at all.
		$response->header( 'Cache-Control', 404 === (int) $error->status ? 'public, max-age=60' : 'no-store' );
		if ( null !== $error->retry_after ) {
			$response->header( 'Retry-After', (string) $error->retry_after );
		}
		$response->set_data( array( 'merchant_elements_contract' => self::contract_json( $error->to_resource() ) ) );
		return $response;
	}

	/**
	 * Cache-Control for browsers and CDNs. A shared cache (a CDN, a host's proxy) may keep an answer only while its data
	 * is fresh, counted from when it was fetched upstream, not from now: the answer is what a page's revalidation asks
	 * for, and a copy kept longer would tell it "nothing changed" about data the plugin already knows to be old. So no
	 * stale-while-revalidate either; stale-if-error stays (an old menu beats none while the upstream is down), and a
	 * browser keeps it a minute at most, as from the Node gateway.
	 *
	 * @param int   $status The answer's status.
	 * @param array $answer The answer, with its age (DataAge::of()).
	 * @return string
	 */
	public static function cache_control( $status, array $answer = array() ) {
		$windows = SiteCache::configured_windows();
		if ( 200 !== $status ) {
			return 'public, max-age=' . min( 60, $windows['ttl'] );
		}
		$left = isset( $answer['fetched'] ) ? DataAge::remaining( $answer ) : $windows['ttl'];
		return sprintf( 'public, max-age=%d, s-maxage=%d, stale-if-error=%d', min( 60, $left ), $left, $windows['sie'] );
	}

	/**
	 * The contract's JSON text of a value: slashes and non-ASCII text as they are (the Node gateway's bytes).
	 *
	 * @param mixed $value The value.
	 * @return string
	 */
	public static function contract_json( $value ) {
		return (string) wp_json_encode( $value, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
	}

	/**
	 * Writes the contract's answers itself (WordPress would encode them again, as its own envelope): the JSON bytes, a
	 * strong ETag of them, 304 when the client has them, and the gateway's security headers.
	 *
	 * @param bool              $served  Whether the request was served already.
	 * @param \WP_HTTP_Response $result  The response.
	 * @param \WP_REST_Request  $request The request.
	 * @return bool
	 */
	public static function serve_contract( $served, $result, $request ) {
		$data = $result instanceof \WP_HTTP_Response ? $result->get_data() : null;
		if ( $served || ! is_array( $data ) || ! isset( $data['merchant_elements_contract'] ) || 0 !== strpos( (string) $request->get_route(), '/merchant-elements/' ) ) {
			return $served;
		}
		$body = (string) $data['merchant_elements_contract'];
		$etag = DataAge::etag( $body );
		header( 'Content-Type: application/json; charset=utf-8' );
		header( 'ETag: ' . $etag );
		header( 'X-Content-Type-Options: nosniff' );
		header( 'X-Frame-Options: DENY' );
		header( 'Referrer-Policy: no-referrer' );
		header( "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'" );
		header( 'Cross-Origin-Resource-Policy: cross-origin' );
		$if_none_match = isset( $_SERVER['HTTP_IF_NONE_MATCH'] ) ? (string) wp_unslash( $_SERVER['HTTP_IF_NONE_MATCH'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- compared with our own ETag only.
		if ( 200 === $result->get_status() && self::etag_matches( $if_none_match, $etag ) ) {
			status_header( 304 );
			return true;
		}
		if ( 'HEAD' !== $request->get_method() ) {
			echo $body; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- JSON, served as application/json with nosniff.
		}
		return true;
	}

	/**
	 * Whether an If-None-Match header names this ETag (weak comparison, lists and `*`).
	 *
	 * @param string $header The header.
	 * @param string $etag   The ETag.
	 * @return bool
	 */
	public static function etag_matches( $header, $etag ) {
		if ( '' === trim( $header ) ) {
			return false;
		}
		if ( '*' === trim( $header ) ) {
			return true;
		}
		foreach ( explode( ',', $header ) as $tag ) {
			if ( preg_replace( '#^W/#', '', trim( $tag ) ) === $etag ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The visitor's address as the miss budget keys it (hashed: addresses are personal data, the key need not be).
	 * Behind a proxy or CDN the site names its proxies in wp-config.php (MERCHANT_ELEMENTS_TRUSTED_PROXIES: addresses
	 * and CIDR ranges, comma-separated), and the visitor is read from the X-Forwarded-For entries they wrote
	 * (ClientAddress); a forwarding header from any other address changes nothing.
	 *
	 * @return string
	 */
	public static function client_key() {
		$address   = isset( $_SERVER['REMOTE_ADDR'] ) ? (string) wp_unslash( $_SERVER['REMOTE_ADDR'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- an address to match, hashed, never printed.
		$forwarded = isset( $_SERVER['HTTP_X_FORWARDED_FOR'] ) ? (string) wp_unslash( $_SERVER['HTTP_X_FORWARDED_FOR'] ) : ''; // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- addresses to match, believed only from trusted proxies, hashed, never printed.
		$trusted   = defined( 'MERCHANT_ELEMENTS_TRUSTED_PROXIES' ) ? explode( ',', (string) MERCHANT_ELEMENTS_TRUSTED_PROXIES ) : array();
		return md5( wp_salt( 'nonce' ) . ClientAddress::client( $address, $forwarded, $trusted ) );
	}

	/**
	 * Upstream-calling requests per minute a visitor may make.
	 *
	 * @return int
	 */
	public static function miss_limit() {
		return defined( 'MERCHANT_ELEMENTS_MISS_RATE_LIMIT_PER_MINUTE' ) ? max( 0, (int) MERCHANT_ELEMENTS_MISS_RATE_LIMIT_PER_MINUTE ) : self::MISS_RATE_LIMIT;
	}

	/**
	 * Refuses a visitor who spent this minute's upstream calls (made-up ids, a crawl of every location).
	 *
	 * @param string $client The visitor's key.
	 * @throws GatewayError 429 when the budget is spent.
	 */
	public static function check_miss_budget( $client ) {
		$limit = self::miss_limit();
		if ( 0 === $limit ) {
			return;
		}
		$window = get_transient( 'merchant_elements_m_' . $client );
		if ( is_array( $window ) && $window['count'] >= $limit && time() < $window['start'] + 60 ) {
			$retry = max( 1, $window['start'] + 60 - time() );
			throw new GatewayError( 429, 'RATE_LIMITED', sprintf( 'Too many requests for data that was not cached; try again in %d s.', $retry ), $retry );
		}
	}

	/**
	 * Charges one upstream-calling request to a visitor's minute.
	 *
	 * @param string $client The visitor's key.
	 */
	public static function charge_miss( $client ) {
		if ( 0 === self::miss_limit() ) {
			return;
		}
		$name   = 'merchant_elements_m_' . $client;
		$window = get_transient( $name );
		if ( ! is_array( $window ) || time() >= $window['start'] + 60 ) {
			$window = array(
				'start' => time(),
				'count' => 0,
			);
		}
		++$window['count'];
		set_transient( $name, $window, 60 );
	}
}
