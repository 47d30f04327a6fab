<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * ParallelFetch.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * GET requests sent together, through the Requests library WordPress bundles (`WpOrg\Requests\Requests` since 6.2,
 * `Requests` before), each held to what wp_safe_remote_get() would hold it to first, since Requests itself checks
 * nothing of the kind:
 *
 * - wp_http_validate_url(): http(s) only, no credentials in the URL, no private or loopback address unless the
 *   `http_request_host_is_external` filter allows the host, and on a port other than 80, 443 and 8080 only when the
 *   `http_allowed_safe_ports` filter lists it (or it is the site's own host and port);
 * - WP_Http::block_request(): WP_HTTP_BLOCK_EXTERNAL and WP_ACCESSIBLE_HOSTS;
 * - no redirect is followed (a redirect could lead past the checks), the body is bounded, and WordPress's proxy,
 *   user agent and `https_ssl_verify` are applied as WP_Http::request() applies them.
 *
 * A URL that fails a check is never requested. With cURL the requests run at once (curl_multi); without it, Requests
 * sends them one after another within the same timeout each.
 */
final class ParallelFetch {

	/**
	 * GETs the URLs together.
	 *
	 * @param string[] $urls      The URLs.
	 * @param float    $timeout   The most any request waits, in seconds (they run together: the most all of them wait).
	 * @param int      $max_bytes The most of a body read.
	 * @param array    $headers   Request headers, name => value.
	 * @return array<string, array{status: int, body: string}> By URL: the status (0 when refused or unanswered) and the body.
	 */
	public static function get_all( array $urls, $timeout, $max_bytes, array $headers = array() ) {
		$results  = array();
		$requests = array();
		foreach ( array_values( array_unique( $urls ) ) as $index => $url ) {
			$results[ $url ] = array(
				'status' => 0,
				'body'   => '',
			);
			$options         = self::safe_options( $url, $timeout, $max_bytes );
			if ( null !== $options ) {
				$requests[ $index ] = array(
					'url'     => $url,
					'headers' => $headers,
					'type'    => 'GET',
					'options' => $options,
				);
			}
		}
		if ( ! $requests ) {
			return $results;
		}
		$library = class_exists( '\WpOrg\Requests\Requests' ) ? '\WpOrg\Requests\Requests' : '\Requests';
		mbstring_binary_safe_encoding();
		try {
			$responses = $library::request_multiple( $requests );
		} catch ( \Exception $error ) {
			// Requests throws only for a request it cannot start at all (a bad option): all of them count as unanswered.
			$responses = array();
		}
		reset_mbstring_encoding();
		foreach ( $requests as $index => $request ) {
			$response = isset( $responses[ $index ] ) ? $responses[ $index ] : null;
			// A response (Requests_Response, WpOrg\Requests\Response), or the exception a failed request ended in.
			if ( is_object( $response ) && isset( $response->status_code ) && ! $response instanceof \Exception ) {
				$results[ $request['url'] ] = array(
					'status' => (int) $response->status_code,
					'body'   => (string) $response->body,
				);
			}
		}
		return $results;
	}

	/**
	 * The Requests options for one URL, or null when wp_safe_remote_get() would not request it.
	 *
	 * @param string $url       The URL.
	 * @param float  $timeout   In seconds.
	 * @param int    $max_bytes The most of the body read.
	 * @return array|null
	 */
	public static function safe_options( $url, $timeout, $max_bytes ) {
		$http = new \WP_Http();
		if ( false === wp_http_validate_url( $url ) || $http->block_request( $url ) ) {
			return null;
		}
		$options = array(
			'timeout'          => (float) $timeout,
			'connect_timeout'  => min( (float) $timeout, 10.0 ),
			'follow_redirects' => false,
			'max_bytes'        => (int) $max_bytes,
			// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, applied as WP_Http::request() applies it.
			'useragent'        => apply_filters( 'http_headers_useragent', 'WordPress/' . get_bloginfo( 'version' ) . '; ' . get_bloginfo( 'url' ), $url ),
			// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, applied as WP_Http::request() applies it.
			'verify'           => apply_filters( 'https_ssl_verify', true, $url ),
		);
		$proxy   = new \WP_HTTP_Proxy();
		if ( $proxy->is_enabled() && $proxy->send_through_proxy( $url ) ) {
			$proxy_class = class_exists( '\WpOrg\Requests\Proxy\Http' ) ? '\WpOrg\Requests\Proxy\Http' : '\Requests_Proxy_HTTP';
			$through     = new $proxy_class( $proxy->host() . ':' . $proxy->port() );
			if ( $proxy->use_authentication() ) {
				$through->use_authentication = true;
				$through->user               = $proxy->username();
				$through->pass               = $proxy->password();
			}
			$options['proxy'] = $through;
		}
		return $options;
	}
}
