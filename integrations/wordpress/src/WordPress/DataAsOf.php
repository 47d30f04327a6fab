<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Settings › Merchant Elements shows how current the default location's data is ("Data as of …"), in "self" mode:
 * the oldest of its cached parts (the location, its menus, its actions), from the cache or the last good copy.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/** The "Data as of" line. */
final class DataAsOf {

	/** Adds the line to the connection section, after the fields settings.php adds. */
	public static function register() {
		add_action( 'admin_init', array( __CLASS__, 'add_field' ), 20 );
	}

	/** The field. */
	public static function add_field() {
		if ( 'self' !== Connection::source() ) {
			return;
		}
		add_settings_field( 'merchant_elements_data_as_of', __( 'Data as of', 'merchant-elements' ), array( __CLASS__, 'render' ), 'merchant-elements', 'merchant_elements_connection' );
	}

	/**
	 * When the default location's data was fetched, or null.
	 *
	 * @param string $location The location id.
	 * @return int|null
	 */
	public static function fetched( $location ) {
		$cache = new SiteCache( SiteCache::configured_windows(), 1 );
		$times = array();
		foreach ( array( 'location:' . $location, 'menus:' . $location . ':full', 'actions:' . $location . '::false:false' ) as $key ) {
			$time = $cache->fetched_time( $key );
			if ( null !== $time ) {
				$times[] = $time;
			}
		}
		return $times ? min( $times ) : null;
	}

	/** Prints the line. */
	public static function render() {
		$location = (string) get_option( 'merchant_elements_location_id', '' );
		$time     = '' === $location ? null : self::fetched( $location );
		echo '<p id="merchant-elements-data-as-of">';
		if ( '' === $location ) {
			esc_html_e( 'Enter your location id to see how current its data is.', 'merchant-elements' );
		} elseif ( null === $time ) {
			esc_html_e( 'Not fetched yet: the data is fetched when a page with an element is first viewed.', 'merchant-elements' );
		} else {
			echo esc_html( SiteHealth::when( $time ) );
		}
		echo '</p>';
		if ( DataStatus::failing() ) {
			$error = DataStatus::get()['error'];
			/* translators: %s: the error's message */
			echo '<p class="description">' . esc_html( sprintf( __( 'The last fetch failed: %s See Tools › Site Health for what to do.', 'merchant-elements' ), $error['message'] ) ) . '</p>';
		}
	}
}
