<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Tools › Site Health: two tests that tell the owner, in plain words, how current the restaurant's data is.
 *
 * - "Restaurant data connection" (asynchronous: it calls the provider): whether the saved credentials work, as
 *   Settings › Test connection checks them, and what to do when they do not.
 * - "Restaurant data freshness" (direct: it reads what the plugin recorded, DataStatus): when the data was last
 *   fetched, the last error and what to do, whether WP-Cron runs the change feeds, and which page cache was found and
 *   whether the plugin purges it.
 *
 * Both only in "self" mode (with a gateway, the gateway fetches the data and reports its age in /readyz).
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/** The Site Health tests. */
final class SiteHealth {

	/** The change feeds are late past this many seconds (three polls missed). */
	const CRON_LATE = 900;

	/** Hooks the tests and the asynchronous test's REST route. */
	public static function register() {
		add_filter( 'site_status_tests', array( __CLASS__, 'tests' ) );
		add_action( 'rest_api_init', array( __CLASS__, 'register_route' ) );
	}

	/**
	 * Adds the tests.
	 *
	 * @param array $tests Site Health's tests.
	 * @return array
	 */
	public static function tests( $tests ) {
		if ( 'self' !== Connection::source() ) {
			return $tests;
		}
		$tests['direct']['merchant_elements_freshness'] = array(
			'label' => __( 'Restaurant data freshness', 'merchant-elements' ),
			'test'  => array( __CLASS__, 'freshness' ),
		);
		$tests['async']['merchant_elements_connection'] = array(
			'label'             => __( 'Restaurant data connection', 'merchant-elements' ),
			'test'              => rest_url( 'merchant-elements/admin/site-health/connection' ),
			'has_rest'          => true,
			'async_direct_test' => array( __CLASS__, 'connection' ),
		);
		return $tests;
	}

	/** The asynchronous test's route, for those who may see Site Health. */
	public static function register_route() {
		register_rest_route(
			'merchant-elements',
			'/admin/site-health/connection',
			array(
				'methods'             => 'GET',
				'permission_callback' => function () {
					return current_user_can( 'view_site_health_checks' );
				},
				'callback'            => function () {
					return new \WP_REST_Response( self::connection() );
				},
			)
		);
	}

	/**
	 * A result as Site Health shows it.
	 *
	 * @param string   $test        The test's id.
	 * @param string   $status      good, recommended or critical.
	 * @param string   $label       The headline.
	 * @param string[] $paragraphs  Plain sentences (escaped here).
	 * @param string   $action_text A link's words to the settings page, or ''.
	 * @return array
	 */
	private static function result( $test, $status, $label, array $paragraphs, $action_text = '' ) {
		$description = '';
		foreach ( $paragraphs as $paragraph ) {
			$description .= '<p>' . esc_html( $paragraph ) . '</p>';
		}
		$actions = '' === $action_text ? '' : sprintf( '<p><a href="%s">%s</a></p>', esc_url( admin_url( 'options-general.php?page=merchant-elements' ) ), esc_html( $action_text ) );
		return array(
			'label'       => $label,
			'status'      => $status,
			'badge'       => array(
				'label' => __( 'Merchant Elements', 'merchant-elements' ),
				'color' => 'good' === $status ? 'blue' : ( 'critical' === $status ? 'red' : 'orange' ),
			),
			'description' => $description,
			'actions'     => $actions,
			'test'        => $test,
		);
	}

	/**
	 * The connection test: the saved credentials checked against the provider now.
	 *
	 * @return array
	 */
	public static function connection() {
		// The saved credentials (empty fields mean the saved ones) and the default location.
		$request = new \WP_REST_Request( 'POST', '/merchant-elements/admin/check' );
		$request->set_param( 'location_id', (string) get_option( 'merchant_elements_location_id', '' ) );
		$check  = ConnectionCheck::check_connection( $request );
		$answer = $check->get_data();
		if ( ! empty( $answer['ok'] ) ) {
			return self::result( 'merchant_elements_connection', 'good', __( 'The restaurant data connection works', 'merchant-elements' ), array( (string) $answer['message'] ) );
		}
		$todo    = array(
			'incomplete' => __( 'What to do: enter the client id, the signing key and both API addresses in Settings › Merchant Elements (or as constants in wp-config.php).', 'merchant-elements' ),
			'key'        => __( 'What to do: copy the client id and the signing key again from the data provider, save them, and press Test connection.', 'merchant-elements' ),
			'actions'    => __( 'What to do: check the Actions API address. If it is right, the provider may be down: your pages keep showing the last data fetched meanwhile.', 'merchant-elements' ),
			'publisher'  => __( 'What to do: check the Publisher API address. If it is right, the provider may be down: your pages keep showing the last data fetched meanwhile.', 'merchant-elements' ),
			'location'   => __( 'What to do: check your location id in Settings › Merchant Elements.', 'merchant-elements' ),
		);
		$problem = isset( $answer['problem'] ) ? (string) $answer['problem'] : '';
		return self::result(
			'merchant_elements_connection',
			'critical',
			__( 'The restaurant data connection does not work', 'merchant-elements' ),
			array( (string) $answer['message'], isset( $todo[ $problem ] ) ? $todo[ $problem ] : '' ),
			__( 'Open the Merchant Elements settings', 'merchant-elements' )
		);
	}

	/**
	 * "5 minutes ago (26 November 2026 21:00)" in the site's time zone.
	 *
	 * @param int $time Unix time.
	 * @return string
	 */
	public static function when( $time ) {
		/* translators: 1: how long ago, e.g. "5 mins", 2: the date and time */
		return sprintf( __( '%1$s ago (%2$s)', 'merchant-elements' ), human_time_diff( (int) $time, time() ), wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) $time ) );
	}

	/**
	 * What to do about an error, by its code.
	 *
	 * @param string $code The error's code.
	 * @return string
	 */
	private static function advice( $code ) {
		if ( 'UPSTREAM_AUTH' === $code ) {
			return __( 'What to do: the provider refused the client id or the signing key. Copy both again from the data provider into Settings › Merchant Elements and press Test connection.', 'merchant-elements' );
		}
		if ( in_array( $code, array( 'UPSTREAM_UNAVAILABLE', 'UPSTREAM_TIMEOUT' ), true ) ) {
			return __( 'What to do: the provider could not be reached. Check the API addresses in Settings › Merchant Elements; if they are right, the provider may be down, and your pages show the last data fetched until it is back.', 'merchant-elements' );
		}
		return __( 'What to do: if this lasts, press Test connection in Settings › Merchant Elements; your pages show the last data fetched meanwhile.', 'merchant-elements' );
	}

	/**
	 * The freshness test: the recorded status, in sentences.
	 *
	 * @return array
	 */
	public static function freshness() {
		$status     = DataStatus::get();
		$paragraphs = array();
		$worst      = 'good';
		$raise      = function ( $level ) use ( &$worst ) {
			$order = array( 'good', 'recommended', 'critical' );
			$worst = array_search( $level, $order, true ) > array_search( $worst, $order, true ) ? $level : $worst;
		};

		$paragraphs[] = $status['fetched'] > 0
			/* translators: %s: when, e.g. "5 mins ago (26 November 2026 21:00)" */
			? sprintf( __( 'Data last fetched from the provider: %s.', 'merchant-elements' ), self::when( $status['fetched'] ) )
			: __( 'No data has been fetched from the provider yet: it is fetched when a page with an element is first viewed.', 'merchant-elements' );

		foreach ( array( 'error', 'poll_error' ) as $kind ) {
			$error = $status[ $kind ];
			if ( ! is_array( $error ) || ( 'error' === $kind && (int) $error['time'] < (int) $status['fetched'] ) ) {
				continue;
			}
			$raise( 'UPSTREAM_AUTH' === $error['code'] ? 'critical' : 'recommended' );
			/* translators: 1: when, 2: the error's message */
			$paragraphs[] = sprintf( __( 'Last error, %1$s: %2$s', 'merchant-elements' ), self::when( $error['time'] ), $error['message'] );
			$paragraphs[] = self::advice( (string) $error['code'] );
		}

		$next = wp_next_scheduled( 'merchant_elements_poll_changes' );
		if ( false === $next ) {
			$raise( 'recommended' );
			$paragraphs[] = __( 'The change feeds are not scheduled: WP-Cron does not check for changes. Saving the settings again schedules them.', 'merchant-elements' );
		} elseif ( $next < time() - self::CRON_LATE ) {
			$raise( 'recommended' );
			$last     = $status['polled'] > 0 ? self::when( $status['polled'] ) : __( 'never', 'merchant-elements' );
			$cron_off = defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON;
			/* translators: %s: when the feeds were last read */
			$paragraphs[] = sprintf( __( 'WP-Cron is not running the change feeds: they were last read %s, and should run every five minutes. Changes still arrive, but only when the cached data expires.', 'merchant-elements' ), $last );
			$paragraphs[] = $cron_off
				? __( 'What to do: DISABLE_WP_CRON is set in wp-config.php, so a real cron job must call wp-cron.php every few minutes. Ask your host to add one.', 'merchant-elements' )
				: __( 'What to do: WP-Cron runs only when the site has visitors, and some hosts block it. Ask your host to call wp-cron.php from a real cron job every few minutes.', 'merchant-elements' );
		} else {
			$paragraphs[] = $status['polled'] > 0
				/* translators: %s: when */
				? sprintf( __( 'WP-Cron runs the change feeds every five minutes; last checked %s.', 'merchant-elements' ), self::when( $status['polled'] ) )
				: __( 'WP-Cron runs the change feeds every five minutes; the first check is due shortly.', 'merchant-elements' );
		}

		$caches = PageCachePurge::active();
		if ( $caches ) {
			/* translators: %s: names of caching plugins */
			$paragraphs[] = sprintf( __( 'Page cache found: %s. When a location’s data changes, the plugin purges the pages that show it.', 'merchant-elements' ), implode( ', ', $caches ) );
		} elseif ( defined( 'WP_CACHE' ) && WP_CACHE ) {
			$paragraphs[] = __( 'A page cache is on (WP_CACHE), but not one the plugin can purge. Visitors still see current data: the elements check it in the background when the page they got is old.', 'merchant-elements' );
		} else {
			$paragraphs[] = __( 'No page cache plugin found. If your host or a CDN caches pages, visitors still see current data: the elements check it in the background when the page they got is old.', 'merchant-elements' );
		}
		if ( is_array( $status['purge'] ) ) {
			$purge        = $status['purge'];
			$paragraphs[] = '' !== $purge['whole']
				/* translators: 1: when, 2: why */
				? sprintf( __( 'Last purge, %1$s: the whole page cache, because %2$s.', 'merchant-elements' ), self::when( $purge['time'] ), $purge['whole'] )
				/* translators: 1: when, 2: a number of pages */
				: sprintf( _n( 'Last purge, %1$s: %2$d page.', 'Last purge, %1$s: %2$d pages.', count( $purge['posts'] ), 'merchant-elements' ), self::when( $purge['time'] ), count( $purge['posts'] ) );
		}

		$labels = array(
			'good'        => __( 'Your restaurant data is current', 'merchant-elements' ),
			'recommended' => __( 'Your restaurant data may not be current', 'merchant-elements' ),
			'critical'    => __( 'Your restaurant data cannot be updated', 'merchant-elements' ),
		);
		return self::result( 'merchant_elements_freshness', $worst, $labels[ $worst ], $paragraphs, 'good' === $worst ? '' : __( 'Open the Merchant Elements settings', 'merchant-elements' ) );
	}
}
