<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Connection.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/**
 * Where the elements' data comes from, decided once per request from the settings and wp-config.php:
 *
 * - "self": this site fetches the data itself. The plugin signs and sends the upstream requests from PHP, caches the
 *   answers, and serves the widget contract under its own REST API (`<site>/wp-json/merchant-elements/v1/…`), which
 *   is the elements' endpoint. Needs the client id, the signing key and the two API addresses.
 * - "gateway": a merchant-elements gateway (the Node server) does it; the elements' endpoint is its URL, and blocks
 *   and shortcodes are server-rendered by it.
 *
 * Credentials may be constants in wp-config.php (the safer place on managed hosts); a constant wins over the saved
 * option, and the settings form then shows it as set in the configuration. The signing key is never returned by any
 * function here except self::credentials(), which only the signing code calls.
 */
final class Connection {

	/**
	 * The credentials and addresses of "self" mode: option name => its wp-config.php constant.
	 *
	 * @return array<string, string>
	 */
	public static function credential_constants() {
		return array(
			'merchant_elements_client_id'     => 'MERCHANT_ELEMENTS_CLIENT_ID',
			'merchant_elements_signing_key'   => 'MERCHANT_ELEMENTS_SIGNING_KEY',
			'merchant_elements_actions_url'   => 'MERCHANT_ELEMENTS_ACTIONS_URL',
			'merchant_elements_publisher_url' => 'MERCHANT_ELEMENTS_PUBLISHER_URL',
		);
	}

	/**
	 * Whether a credential is set in wp-config.php (the form then shows it as such and does not let it be edited).
	 *
	 * @param string $option The option's name.
	 * @return bool
	 */
	public static function credential_is_constant( $option ) {
		$constants = self::credential_constants();
		return isset( $constants[ $option ] ) && defined( $constants[ $option ] ) && '' !== trim( (string) constant( $constants[ $option ] ) );
	}

	/**
	 * A credential's value: the constant when defined, else the saved option.
	 *
	 * @param string $option The option's name.
	 * @return string
	 */
	public static function credential( $option ) {
		if ( self::credential_is_constant( $option ) ) {
			$constants = self::credential_constants();
			return trim( (string) constant( $constants[ $option ] ) );
		}
		return trim( (string) get_option( $option, '' ) );
	}

	/**
	 * What "self" mode signs and fetches with. Only the upstream transport and the connection check call this.
	 *
	 * @return array{client_id: string, signing_key: string, actions_url: string, publisher_url: string}
	 */
	public static function credentials() {
		return array(
			'client_id'     => self::credential( 'merchant_elements_client_id' ),
			'signing_key'   => self::credential( 'merchant_elements_signing_key' ),
			'actions_url'   => rtrim( self::credential( 'merchant_elements_actions_url' ), '/' ),
			'publisher_url' => rtrim( self::credential( 'merchant_elements_publisher_url' ), '/' ),
		);
	}

	/**
	 * "self" or "gateway". A site that set a gateway before "self" existed keeps using it.
	 *
	 * @return string
	 */
	public static function source() {
		$source = (string) get_option( 'merchant_elements_source', '' );
		if ( 'self' === $source || 'gateway' === $source ) {
			return $source;
		}
		return '' !== (string) get_option( 'merchant_elements_endpoint', '' ) ? 'gateway' : 'self';
	}

	/**
	 * Whether "self" mode has what it needs to fetch (all four values, from the form or wp-config.php).
	 *
	 * @return bool
	 */
	public static function self_ready() {
		foreach ( self::credentials() as $value ) {
			if ( '' === $value ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The gateway URL, in "gateway" mode; '' otherwise.
	 *
	 * @return string
	 */
	public static function gateway_url() {
		return 'gateway' === self::source() ? rtrim( (string) get_option( 'merchant_elements_endpoint', '' ), '/' ) : '';
	}

	/**
	 * The elements' endpoint: this site's own REST base in "self" mode, the gateway in "gateway" mode; '' when the
	 * chosen mode is not configured yet (the elements then say so in plain words).
	 *
	 * With plain permalinks there is no /wp-json/ path, and the elements append paths to the endpoint (a `?rest_route=`
	 * query would be dropped), so the endpoint goes through index.php: `<site>/index.php/wp-json/merchant-elements`,
	 * which Rest::route_path_info() hands to the REST API.
	 *
	 * @return string
	 */
	public static function endpoint() {
		if ( 'gateway' === self::source() ) {
			return self::gateway_url();
		}
		if ( ! self::self_ready() ) {
			return '';
		}
		if ( '' === (string) get_option( 'permalink_structure', '' ) ) {
			return home_url( '/index.php/' . rest_get_url_prefix() . '/merchant-elements' );
		}
		return untrailingslashit( rest_url( 'merchant-elements' ) );
	}

	/**
	 * Whether the current user may set what decides which code and HTML the site prints: the gateway URL (whose
	 * rendered HTML is printed in pages), the credentials, and widget scripts. That takes `unfiltered_html` as well as
	 * `manage_options`: an administrator who may not write scripts into posts (multisite, where only network
	 * administrators have it, or DISALLOW_UNFILTERED_HTML) must not gain that power through these settings.
	 *
	 * @return bool
	 */
	public static function user_can_connect() {
		return current_user_can( 'manage_options' ) && current_user_can( 'unfiltered_html' );
	}
}
