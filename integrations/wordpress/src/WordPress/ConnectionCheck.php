<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * ConnectionCheck.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\Contract;
use MerchantElements\Gateway\GatewayError;
use MerchantElements\Gateway\Normalize\Location;
use MerchantElements\Gateway\UpstreamClient;

defined( 'ABSPATH' ) || exit;

/**
 * Settings › Merchant Elements › Test connection, when the site fetches its data itself: checks the credentials
 * and addresses in the form (saved or not; an empty signing key field means the saved key) against the upstream,
 * and says what is wrong in plain words: an address that does not answer, a key refused, an unknown location; or
 * the place's name and address, so the person sees it is their restaurant before they save.
 *
 * A REST route for administrators who may change the connection (Connection::user_can_connect()), with
 * WordPress's REST nonce. Its answer never holds the key, nor any text from a failed request.
 */
final class ConnectionCheck {

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		add_action( 'rest_api_init', array( self::class, 'register_connection_check' ) );
	}

	/** Registers POST /merchant-elements/admin/check. */
	public static function register_connection_check() {
		register_rest_route(
			'merchant-elements',
			'/admin/check',
			array(
				'methods'             => 'POST',
				'permission_callback' => array( Connection::class, 'user_can_connect' ),
				'callback'            => array( self::class, 'check_connection' ),
				'args'                => array(
					'client_id'     => array( 'type' => 'string' ),
					'signing_key'   => array( 'type' => 'string' ),
					'actions_url'   => array( 'type' => 'string' ),
					'publisher_url' => array( 'type' => 'string' ),
					'location_id'   => array( 'type' => 'string' ),
				),
			)
		);
	}

	/**
	 * The check.
	 *
	 * @param \WP_REST_Request $request The form's values.
	 * @return \WP_REST_Response `{ok, problem?, message, place?: {name, address}}`.
	 */
	public static function check_connection( \WP_REST_Request $request ) {
		$saved       = Connection::credentials();
		$credentials = array();
		foreach ( $saved as $name => $value ) {
			$given                = trim( (string) $request->get_param( $name ) );
			$credentials[ $name ] = Connection::credential_is_constant( 'merchant_elements_' . $name ) || '' === $given ? $value : $given;
		}
		foreach ( array( 'actions_url', 'publisher_url' ) as $name ) {
			$credentials[ $name ] = '' === $credentials[ $name ] ? '' : (string) Settings::web_address( $credentials[ $name ] );
		}
		$answer = function ( $ok, $problem, $message, $place = null ) {
			$body = array(
				'ok'      => $ok,
				'message' => $message,
			);
			if ( '' !== $problem ) {
				$body['problem'] = $problem;
			}
			if ( null !== $place ) {
				$body['place'] = $place;
			}
			return new \WP_REST_Response( $body );
		};
		foreach ( $credentials as $value ) {
			if ( '' === $value ) {
				return $answer( false, 'incomplete', __( 'Enter the client id, the signing key and both API addresses (web addresses starting with https://) first.', 'merchant-elements' ) );
			}
		}
		$upstream = new HttpUpstream( $credentials );
		$location = trim( (string) $request->get_param( 'location_id' ) );

		// The key: a signed request that needs no location (the Actions API's change feed, from now).
		try {
			$upstream->get( 'actions', '/locations/updated/?since=' . UpstreamClient::encode_strict( gmdate( 'Y-m-d\TH:i:s\Z' ) ) . '&limit=1' );
		} catch ( GatewayError $error ) {
			if ( 'UPSTREAM_AUTH' === $error->error_code ) {
				return $answer( false, 'key', __( 'The Actions API refused the client id or the signing key. Check both (a key has no spaces).', 'merchant-elements' ) );
			}
			return $answer( false, 'actions', __( 'The Actions API did not answer at that address. Check the address.', 'merchant-elements' ) );
		}
		if ( '' === $location ) {
			return $answer( true, '', __( 'Connected: the key works. Enter your location id to check it too.', 'merchant-elements' ) );
		}
		if ( 1 !== preg_match( '/' . Contract::get()['locationIdPattern'] . '/', $location ) ) {
			return $answer( false, 'location', __( 'A location id has only letters, digits, dots, dashes, underscores and tildes.', 'merchant-elements' ) );
		}
		try {
			$found = $upstream->get( 'publisher', '/locations/' . UpstreamClient::encode_strict( $location ) . '/' );
		} catch ( GatewayError $error ) {
			if ( 'UPSTREAM_AUTH' === $error->error_code ) {
				return $answer( false, 'key', __( 'The Publisher API refused the client id or the signing key. Check both.', 'merchant-elements' ) );
			}
			return $answer( false, 'publisher', __( 'The Publisher API did not answer at that address. Check the address.', 'merchant-elements' ) );
		}
		if ( 404 === $found['status'] ) {
			/* translators: %s: a location id */
			return $answer( false, 'location', sprintf( __( 'Connected, but there is no location with id “%s”. Check the id.', 'merchant-elements' ), $location ) );
		}
		$normalized = Location::normalize_location( $found['body'], array() );
		$place      = empty( $normalized['ok'] ) ? null : array(
			'name'    => (string) $normalized['value']['name'],
			'address' => self::one_line_address( $normalized['value']['address'] ),
		);
		if ( null === $place ) {
			return $answer( false, 'publisher', __( 'The Publisher API answered with something that is not a location.', 'merchant-elements' ) );
		}
		/* translators: 1: the place's name, 2: its address */
		$message = sprintf( __( 'Connected. Your location is %1$s, %2$s.', 'merchant-elements' ), $place['name'], $place['address'] );
		return $answer( true, '', trim( $message . ' ' . self::directory_says( $location, $place['name'] ) ), $place );
	}

	/**
	 * What the site's place directory (Directory, the table filled from the feeds) says of the location, searched by
	 * its name as a person would search it: found, not found, or still being built (how far). '' when the name gives
	 * no search (no letter or digit in it).
	 *
	 * @param string $location The location id.
	 * @param string $name     Its name.
	 * @return string
	 */
	public static function directory_says( $location, $name ) {
		$answer = Directory::answer(
			array(
				'q'     => implode( ' ', array_slice( Directory::words( $name ), 0, Directory::QUERY_WORDS_MAX ) ),
				'limit' => (string) Directory::LIMIT_MAX,
			)
		);
		if ( 503 === $answer['status'] && isset( $answer['body']['progress']['read'] ) ) {
			/* translators: %s: how many locations were read so far */
			return sprintf( __( 'The place directory is still being built (%s locations read): finding places by name works once it is done.', 'merchant-elements' ), number_format_i18n( (int) $answer['body']['progress']['read'] ) );
		}
		if ( 200 !== $answer['status'] ) {
			return '';
		}
		foreach ( $answer['body']['results'] as $entry ) {
			if ( $entry['id'] === $location ) {
				return __( 'The place directory finds it by name.', 'merchant-elements' );
			}
		}
		return __( 'The place directory does not find it by name yet: it follows the upstream’s change feed every few minutes.', 'merchant-elements' );
	}

	/**
	 * An address on one line: street, city, region and postal code, as far as known.
	 *
	 * @param array $address The contract's address.
	 * @return string
	 */
	public static function one_line_address( $address ) {
		$address = (array) $address;
		$parts   = array();
		foreach ( array( 'line1', 'city', 'region', 'postalCode' ) as $name ) {
			if ( ! empty( $address[ $name ] ) ) {
				$parts[] = (string) $address[ $name ];
			}
		}
		return implode( ', ', $parts );
	}
}
