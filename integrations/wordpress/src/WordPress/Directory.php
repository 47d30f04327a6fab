<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * The directory (issue 30): find a place by name for the block editor's picker and the settings, and the contract's
 * GET /v1/directory when the site fetches its own data.
 *
 * - "gateway" mode: the picker's REST route asks the gateway's /v1/directory (server to server: the gateway need not
 *   allow the admin's origin).
 * - "self" mode: a table of the plugin's own in the site's database (`{prefix}merchant_elements_directory`, created
 *   by dbDelta on activation and when the plugin's table version changes, dropped on uninstall on every site), filled
 *   by the plugin's cron from the upstream's feeds (the Actions API's /locations/ and every page of
 *   /locations/updated_since/, a few pages a run, resuming at its cursor), kept current by the change-feed poll (the
 *   records it reads), and searched by the database: the contract's rules (src/contract/directory.ts,
 *   docs/directory.md) as SQL over folded columns, with a B-tree index on the name key.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

use MerchantElements\Gateway\Normalize\Values;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a GatewayError's message ends in a JSON error resource {error, message, status_code} (wp_json_encode), never in HTML; messages are written here, never copied from a URL.

/** The directory on WordPress. */
class Directory {

	/** The table's schema version: a change here runs dbDelta again. */
	const TABLE_VERSION = '1';
	/**
	 * The version of the folded columns (name_key, words): a change of fold() that changes what is stored comes with a
	 * new version and a re-fold of the rows stored before it (refold_stored_rows()). 2: every sigma folds to σ (rows
	 * folded before kept a lowercase-written final "ς", so "οδός" did not find "Οδός").
	 */
	const DATA_VERSION = '2';
	/** The option holding the DATA_VERSION the stored rows are folded by. */
	const DATA_VERSION_OPTION = 'merchant_elements_directory_data_version';
	/** The option with the build's cursor: the next feed page, whether it is complete, how many were read. */
	const CURSOR_OPTION = 'merchant_elements_directory_cursor';
	/** Seconds of feed pages (1,000 records each) read per cron run: a shared host's request stays short. */
	const SECONDS_PER_RUN = 20;
	/** The contract's limits (DIRECTORY_LIMITS in src/contract/directory.ts). */
	const QUERY_MAX_LENGTH = 200;
	const QUERY_WORDS_MAX  = 8;
	const LIMIT_DEFAULT    = 10;
	const LIMIT_MAX        = 50;
	const RADIUS_DEFAULT   = 10000;
	const OFFSET_MAX       = 1000;

	/** Adds the hooks. */
	public static function register() {
		add_action( 'rest_api_init', array( __CLASS__, 'register_rest_route' ) );
		add_action( 'plugins_loaded', array( __CLASS__, 'maybe_install' ) );
		add_action( 'init', array( __CLASS__, 'schedule_build' ) );
		add_action( 'merchant_elements_build_directory', array( __CLASS__, 'build_step' ) );
		add_action( 'merchant_elements_feed_rows', array( __CLASS__, 'apply_feed_rows' ), 10, 2 );
		add_action( 'wp_initialize_site', array( __CLASS__, 'install_on_new_site' ), 20 );
		add_action( 'admin_enqueue_scripts', array( __CLASS__, 'settings_assets' ) );
		if ( defined( 'MERCHANT_ELEMENTS_FILE' ) ) {
			register_activation_hook( MERCHANT_ELEMENTS_FILE, array( __CLASS__, 'activate' ) );
		}
	}

	/** The table's name on the current site. */
	public static function table() {
		global $wpdb;
		return $wpdb->prefix . 'merchant_elements_directory';
	}

	/**
	 * On activation: the table on this site, or on every site when activated for the whole network.
	 *
	 * @param bool $network_wide Activated for the network.
	 */
	public static function activate( $network_wide = false ) {
		if ( is_multisite() && $network_wide ) {
			foreach ( get_sites(
				array(
					'fields' => 'ids',
					'number' => 0,
				)
			) as $site ) {
				switch_to_blog( $site );
				self::install();
				restore_current_blog();
			}
			return;
		}
		self::install();
	}

	/**
	 * A site added to a network where the plugin is active for the network gets its table too.
	 *
	 * @param \WP_Site $site The new site.
	 */
	public static function install_on_new_site( $site ) {
		if ( ! function_exists( 'is_plugin_active_for_network' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		if ( is_plugin_active_for_network( plugin_basename( MERCHANT_ELEMENTS_FILE ) ) ) {
			switch_to_blog( $site->blog_id );
			self::install();
			restore_current_blog();
		}
	}

	/**
	 * Creates or updates the table when its version changed, and re-folds the stored rows when the fold's did (an update
	 * of the plugin runs no activation hook).
	 */
	public static function maybe_install() {
		if ( get_option( 'merchant_elements_directory_version' ) !== self::TABLE_VERSION ) {
			self::install();
		}
		if ( get_option( self::DATA_VERSION_OPTION ) !== self::DATA_VERSION ) {
			self::refold_stored_rows();
		}
	}

	/**
	 * The rows stored before this DATA_VERSION folded again from their own stored fields (the name, the address, the
	 * city, the region, the business type and the cuisines: what apply_row() folds), so a search finds them now rather
	 * than when the feed next rewrites them; the directory keeps answering meanwhile. Version 2 changed only "ς",
	 * which only a row holding one can differ by, so only those are read (the columns compare bytes: utf8mb4_bin).
	 */
	public static function refold_stored_rows() {
		global $wpdb;
		$table = self::table();
		if ( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) ) === $table ) { // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
			$like = '%' . $wpdb->esc_like( 'ς' ) . '%';
			$rows = $wpdb->get_results( $wpdb->prepare( "SELECT id, name, address, city, region, business_type, cuisines FROM {$table} WHERE name_key LIKE %s OR words LIKE %s", $like, $like ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table.
			foreach ( (array) $rows as $row ) {
				$cuisines = json_decode( (string) $row->cuisines, true );
				$folded   = self::folded_columns( (string) $row->name, array( $row->address, $row->city, $row->region, $row->business_type ), is_array( $cuisines ) ? $cuisines : array() );
				$wpdb->update( $table, $folded, array( 'id' => $row->id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
			}
		}
		// Autoloaded, as a plugin's db version is: read on every request at no query's cost.
		update_option( self::DATA_VERSION_OPTION, self::DATA_VERSION, true );
	}

	/**
	 * The folded columns of a place: its name's words (name_key), and the words of its name, its other texts and its
	 * cuisines (words, with a leading space so that `LIKE '% word%'` finds the first too).
	 *
	 * @param string             $name     The place's name.
	 * @param array<int, mixed>  $texts    Its address, city, region and business type (null when it has none).
	 * @param array<int, string> $cuisines Its cuisines.
	 * @return array{name_key: string, words: string}
	 */
	public static function folded_columns( $name, array $texts, array $cuisines ) {
		$words = self::words( $name );
		foreach ( array_merge( $texts, $cuisines ) as $text ) {
			$words = array_merge( $words, self::words( null === $text ? null : (string) $text ) );
		}
		return array(
			'name_key' => implode( ' ', self::words( $name ) ),
			'words'    => ' ' . implode( ' ', $words ),
		);
	}

	/** The table, by dbDelta (which creates it, or alters it to this shape). */
	public static function install() {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::table();
		$charset = $wpdb->get_charset_collate();
		// name_key and words are folded by the plugin (fold() below): the database compares bytes (utf8mb4_bin), so
		// its order is code point order, as the contract's rule 6 asks. The name_key index serves tier 0 (a prefix
		// range) and the order; words is matched with LIKE '% word%'.
		dbDelta(
			"CREATE TABLE {$table} (
  id varchar(128) NOT NULL,
  name varchar(255) NOT NULL,
  name_key varchar(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  words text CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
  address varchar(255) NULL,
  city varchar(255) NULL,
  region varchar(255) NULL,
  business_type varchar(255) NULL,
  cuisines text NOT NULL,
  latitude double NULL,
  longitude double NULL,
  has_menus tinyint(1) NULL,
  has_photos tinyint(1) NULL,
  has_actions tinyint(1) NOT NULL DEFAULT 0,
  updated bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY  (id),
  KEY name_key (name_key(191))
) {$charset};"
		);
		update_option( 'merchant_elements_directory_version', self::TABLE_VERSION, false );
		if ( false === get_option( self::DATA_VERSION_OPTION ) ) {
			// A new table holds nothing folded by an older fold.
			update_option( self::DATA_VERSION_OPTION, self::DATA_VERSION, true );
		}
	}

	/** Drops the table of the current site (uninstall.php calls it on every site). */
	public static function uninstall() {
		global $wpdb;
		$table = self::table();
		$wpdb->query( "DROP TABLE IF EXISTS {$table}" ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- uninstalling: the plugin's own table.
		delete_option( 'merchant_elements_directory_version' );
		delete_option( self::DATA_VERSION_OPTION );
		delete_option( self::CURSOR_OPTION );
	}

	// ---------------------------------------------------------------------------------------------
	// The contract's rules 1 and 2 (src/contract/directory.ts).

	/**
	 * Rule 1: NFKD, combining marks removed, lower case, every sigma σ. With PHP's intl extension, by its Normalizer;
	 * without it, by the same rule as a table generated from the TypeScript (generated/fold.json,
	 * scripts/fold-table.mjs): every character the rule changes beyond its lower case, with what it folds to; Hangul
	 * syllables by arithmetic. The final sigma: mb_strtolower writes a word-final Σ as σ before PHP 8.3 and as ς
	 * since, and JavaScript as ς; the rule makes both σ, so every PHP and the Node gateway fold alike.
	 *
	 * @param string $text The text.
	 * @return string
	 */
	public static function fold( $text ) {
		static $table = null;

		$text = (string) $text;
		if ( ! preg_match( '/[^\x00-\x7f]/', $text ) ) {
			return strtolower( $text );
		}
		if ( class_exists( '\Normalizer' ) ) {
			$text = (string) \Normalizer::normalize( $text, \Normalizer::FORM_KD );
			return str_replace( 'ς', 'σ', mb_strtolower( (string) preg_replace( '/\p{M}+/u', '', $text ), 'UTF-8' ) );
		}
		if ( null === $table ) {
			$read  = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/generated/fold.json' ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin's own.
			$table = is_array( $read ) && isset( $read['fold'] ) ? $read['fold'] : array();
		}
		$folded = (string) preg_replace_callback(
			'/[^\x00-\x7f]/u',
			function ( $found ) use ( $table ) {
				$code = mb_ord( $found[0], 'UTF-8' );
				if ( $code >= 0xAC00 && $code <= 0xD7A3 ) {
					// A Hangul syllable: NFKD's decomposition into its jamo is arithmetic (Unicode 3.12), not a table.
					$index = $code - 0xAC00;
					$trail = $index % 28;
					return mb_chr( 0x1100 + intdiv( $index, 588 ), 'UTF-8' ) . mb_chr( 0x1161 + intdiv( $index % 588, 28 ), 'UTF-8' ) . ( $trail ? mb_chr( 0x11A7 + $trail, 'UTF-8' ) : '' );
				}
				return isset( $table[ $found[0] ] ) ? $table[ $found[0] ] : $found[0];
			},
			$text
		);
		return str_replace( 'ς', 'σ', mb_strtolower( $folded, 'UTF-8' ) );
	}

	/**
	 * Rule 2: the words of a text (runs of letters and digits of its folded form).
	 *
	 * @param string|null $text The text.
	 * @return string[]
	 */
	public static function words( $text ) {
		if ( null === $text || '' === $text ) {
			return array();
		}
		return array_values( array_filter( (array) preg_split( '/[^\p{L}\p{N}]+/u', self::fold( $text ) ), 'strlen' ) );
	}

	// ---------------------------------------------------------------------------------------------
	// Filling the table from the feeds (self mode).

	/** Runs the build while the site fetches its own data and the directory is not complete. */
	public static function schedule_build() {
		$cursor    = get_option( self::CURSOR_OPTION, array() );
		$wanted    = 'self' === Connection::source() && Connection::self_ready() && empty( $cursor['complete'] );
		$scheduled = wp_next_scheduled( 'merchant_elements_build_directory' );
		if ( $wanted && ! $scheduled ) {
			wp_schedule_event( time(), 'merchant_elements_five_minutes', 'merchant_elements_build_directory' );
		} elseif ( ! $wanted && $scheduled ) {
			wp_clear_scheduled_hook( 'merchant_elements_build_directory' );
		}
	}

	/**
	 * One step of the build: the actions list first, then pages of updated_since from the cursor for up to
	 * SECONDS_PER_RUN seconds (a page started is finished). The cursor
	 * moves only past a page that was stored, so a failed or interrupted run resumes where it stopped.
	 *
	 * @param \MerchantElements\Gateway\Upstream|null $upstream The upstream (tests pass one); the site's by default.
	 * @return array The cursor after the step.
	 */
	public static function build_step( $upstream = null ) {
		if ( ! $upstream instanceof \MerchantElements\Gateway\Upstream ) {
			if ( ! Connection::self_ready() ) {
				return array();
			}
			$upstream = new HttpUpstream( Connection::credentials() );
		}
		self::maybe_install();
		$cursor = wp_parse_args(
			get_option( self::CURSOR_OPTION, array() ),
			array(
				'next'     => '/locations/updated_since/?date=1970-01-01&limit=1000',
				'complete' => false,
				'read'     => 0,
				'actions'  => false,
			)
		);
		try {
			if ( ! $cursor['actions'] ) {
				$answer = $upstream->get( 'actions', '/locations/' );
				$ids    = is_array( $answer['body'] ) ? array_values( array_filter( $answer['body'], 'is_string' ) ) : array();
				set_transient( 'merchant_elements_directory_actions', $ids, DAY_IN_SECONDS );
				$cursor['actions'] = true;
				update_option( self::CURSOR_OPTION, $cursor, false );
			}
			$with_actions = array_flip( (array) get_transient( 'merchant_elements_directory_actions' ) );
			$base         = Connection::credentials()['publisher_url'];
			$started      = microtime( true );
			while ( null !== $cursor['next'] && microtime( true ) - $started < self::SECONDS_PER_RUN ) {
				$answer  = $upstream->get( 'publisher', $cursor['next'] );
				$results = is_object( $answer['body'] ) && isset( $answer['body']->results ) && is_array( $answer['body']->results ) ? $answer['body']->results : array();
				foreach ( $results as $row ) {
					self::apply_row( $row, $with_actions );
				}
				$cursor['read'] += count( $results );
				$cursor['next']  = null === $answer['next'] ? null : \MerchantElements\Gateway\UpstreamClient::relative_next( 'publisher', $base, $answer['next'] );
				update_option( self::CURSOR_OPTION, $cursor, false );
			}
		} catch ( \MerchantElements\Gateway\GatewayError $error ) {
			return $cursor;
		}
		if ( null === $cursor['next'] ) {
			$cursor['complete'] = true;
			update_option( self::CURSOR_OPTION, $cursor, false );
			delete_transient( 'merchant_elements_directory_actions' );
			wp_clear_scheduled_hook( 'merchant_elements_build_directory' );
		}
		return $cursor;
	}

	/**
	 * The change-feed poll's rows (Changes::read_feed()): the Publisher feed's records as they are now.
	 *
	 * @param string $feed 'actions' or 'publisher'.
	 * @param array  $rows The rows of one page.
	 */
	public static function apply_feed_rows( $feed, $rows ) {
		if ( 'publisher' !== $feed ) {
			return;
		}
		foreach ( (array) $rows as $row ) {
			self::apply_row( $row, null );
		}
	}

	/**
	 * One Publisher record into the table (rule 4: out of business or unpublished, out of it), read with the core's
	 * value readers as the Node gateway reads it (src/gateway/directory/record.ts): the same quirks resolved alike.
	 *
	 * @param mixed      $row          The record.
	 * @param array|null $with_actions Ids with actions (a flipped list) while building; null: keep what is stored.
	 */
	public static function apply_row( $row, $with_actions ) {
		global $wpdb;
		if ( ! is_object( $row ) ) {
			return;
		}
		$field = function ( $record, $name ) {
			return is_object( $record ) && isset( $record->$name ) ? $record->$name : null;
		};
		$id    = Values::id( $field( $row, 'location_id' ) );
		$table = self::table();
		if ( null === $id ) {
			return;
		}
		if ( true === Values::bool( $field( $row, 'out_of_business' ) ) || false === Values::bool( $field( $row, 'is_published' ) ) ) {
			$wpdb->delete( $table, array( 'id' => $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
			return;
		}
		$block    = $field( $row, 'location' );
		$cuisines = Values::string_list( $field( $field( $row, 'attributes' ), 'cuisine' ) );
		$name     = (string) Values::text( $field( $row, 'name' ) );
		$fields   = array(
			'address'       => Values::text( $field( $block, 'address1' ) ),
			'city'          => Values::text( $field( $block, 'city' ) ),
			'region'        => Values::text( $field( $block, 'state' ) ),
			'business_type' => Values::text( $field( $row, 'business_type' ) ),
		);
		$lat      = Values::number( $field( $block, 'latitude' ) );
		$lon      = Values::number( $field( $block, 'longitude' ) );
		$located  = null !== $lat && null !== $lon && abs( $lat ) <= 90 && abs( $lon ) <= 180;
		$flag     = function ( $value ) {
			$read = Values::bool( $value );
			return null === $read ? null : (int) $read;
		};
		$photos   = $field( $row, 'sp_photos' );
		$photos   = null !== $photos ? $photos : $field( $row, 'has_photos' );
		$photos   = null !== $photos ? $photos : $field( $row, 'hasPhotos' );
		if ( null === $with_actions ) {
			$has_actions = (int) $wpdb->get_var( $wpdb->prepare( "SELECT has_actions FROM {$table} WHERE id = %s", $id ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table.
		} else {
			$has_actions = isset( $with_actions[ $id ] ) ? 1 : 0;
		}
		$updated = Values::datetime( $field( $row, 'updated' ) );
		$wpdb->replace( // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the plugin's own table.
			$table,
			array_merge(
				array(
					'id'          => $id,
					'name'        => $name,
					'cuisines'    => (string) wp_json_encode( $cuisines ),
					'latitude'    => $located ? $lat : null,
					'longitude'   => $located ? $lon : null,
					'has_menus'   => $flag( $field( $row, 'has_menus' ) ),
					'has_photos'  => $flag( $photos ),
					'has_actions' => $has_actions,
					'updated'     => null === $updated ? 0 : (int) strtotime( $updated ),
				),
				self::folded_columns( $name, array_values( $fields ), $cuisines ),
				$fields
			)
		);
	}

	// ---------------------------------------------------------------------------------------------
	// Searching: the contract's rules as SQL.

	/**
	 * Reads a search as the contract's route does (rule 8), or throws its 400.
	 *
	 * @param array $query The query parameters.
	 * @return array{words: string[], near: array|null, offset: int, limit: int}
	 * @throws \MerchantElements\Gateway\GatewayError When a parameter is refused.
	 */
	public static function read_search( array $query ) {
		$params = \MerchantElements\Gateway\RequestParams::read_params( 'directory', array(), $query );
		$words  = self::words( null === $params['q'] ? '' : $params['q'] );
		if ( count( $words ) > self::QUERY_WORDS_MAX ) {
			throw new \MerchantElements\Gateway\GatewayError( 400, 'INVALID_PARAMETER', sprintf( 'Parameter "q" must have at most %d words.', self::QUERY_WORDS_MAX ) );
		}
		if ( ( null === $params['latitude'] ) !== ( null === $params['longitude'] ) ) {
			throw new \MerchantElements\Gateway\GatewayError( 400, 'INVALID_PARAMETER', sprintf( 'Parameter "%s" is needed with the other coordinate.', null === $params['latitude'] ? 'latitude' : 'longitude' ) );
		}
		$near = null === $params['latitude'] ? null : array(
			'latitude'  => (float) $params['latitude'],
			'longitude' => (float) $params['longitude'],
			'radius'    => null === $params['radius'] ? self::RADIUS_DEFAULT : (int) $params['radius'],
		);
		if ( ! $words && ! $near ) {
			throw new \MerchantElements\Gateway\GatewayError( 400, 'INVALID_PARAMETER', null === $params['q'] ? 'Parameter "q" is required (or give latitude and longitude).' : 'Parameter "q" must have a letter or a digit (or give latitude and longitude).' );
		}
		$offset = 0;
		if ( null !== $params['cursor'] ) {
			if ( ! preg_match( '/^(0|[1-9]\d{0,6})$/', $params['cursor'] ) || (int) $params['cursor'] > self::OFFSET_MAX ) {
				throw new \MerchantElements\Gateway\GatewayError( 400, 'INVALID_PARAMETER', sprintf( 'Parameter "cursor" must be the next of an earlier answer (at most %d results in).', self::OFFSET_MAX ) );
			}
			$offset = (int) $params['cursor'];
		}
		return array(
			'words'  => $words,
			'near'   => $near,
			'offset' => $offset,
			'limit'  => null === $params['limit'] ? self::LIMIT_DEFAULT : (int) $params['limit'],
		);
	}

	/**
	 * The contract's search over the table: the page and the total (rules 4 to 7).
	 *
	 * @param array $search From read_search().
	 * @return array The DirectoryResponse.
	 */
	public static function search( array $search ) {
		global $wpdb;
		$table = self::table();
		$where = array( '1=1' );
		$args  = array();
		// Rule 4: every query word a prefix of a word (words holds ' w1 w2 …'); letters and digits need no escaping.
		foreach ( $search['words'] as $word ) {
			$where[] = 'words LIKE %s';
			$args[]  = '% ' . $word . '%';
		}
		$tier     = '0';
		$distance = '0';
		if ( $search['words'] ) {
			$last   = count( $search['words'] ) - 1;
			$lead   = implode( ' ', $search['words'] );
			$in     = array();
			$inargs = array();
			foreach ( $search['words'] as $word ) {
				$in[]     = "CONCAT(' ', name_key) LIKE %s";
				$inargs[] = '% ' . $word . '%';
			}
			$tier = $wpdb->prepare( 'CASE WHEN name_key LIKE %s THEN 0 WHEN ' . implode( ' AND ', $in ) . ' THEN 1 ELSE 2 END', array_merge( array( $lead . '%' ), $inargs ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
			unset( $last );
		}
		if ( $search['near'] ) {
			// Rule 5: the haversine on a sphere of 6,371,008.8 m, rounded to metres.
			$distance = $wpdb->prepare(
				'ROUND(2 * 6371008.8 * ASIN(LEAST(1, SQRT(POW(SIN(RADIANS(latitude - %f) / 2), 2) + COS(RADIANS(%f)) * COS(RADIANS(latitude)) * POW(SIN(RADIANS(longitude - %f) / 2), 2)))))',
				$search['near']['latitude'],
				$search['near']['latitude'],
				$search['near']['longitude']
			);
			$where[]  = 'latitude IS NOT NULL';
		}
		$filter = $wpdb->prepare( implode( ' AND ', $where ), $args ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholders are in $where's parts (the sniff cannot read through implode).
		$having = $search['near'] ? $wpdb->prepare( 'HAVING distance <= %d', $search['near']['radius'] ) : '';
		// phpcs:disable WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the plugin's own table; every value above is prepared.
		$total = (int) $wpdb->get_var( "SELECT COUNT(*) FROM (SELECT id, {$distance} AS distance FROM {$table} WHERE {$filter} {$having}) AS matches" );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT *, {$tier} AS tier, {$distance} AS distance FROM {$table} WHERE {$filter} {$having} ORDER BY tier, distance, name_key, id COLLATE utf8mb4_bin LIMIT %d OFFSET %d",
				$search['limit'],
				$search['offset']
			)
		);
		// phpcs:enable
		$results = array();
		foreach ( (array) $rows as $row ) {
			$flag      = function ( $value ) {
				return null === $value ? null : (bool) (int) $value;
			};
			$results[] = array(
				'id'           => (string) $row->id,
				'name'         => (string) $row->name,
				'address'      => $row->address,
				'city'         => $row->city,
				'region'       => $row->region,
				'businessType' => $row->business_type,
				'cuisines'     => (array) json_decode( (string) $row->cuisines, true ),
				'hasMenus'     => $flag( $row->has_menus ),
				'hasPhotos'    => $flag( $row->has_photos ),
				'hasActions'   => (bool) (int) $row->has_actions,
				'distance'     => $search['near'] ? (int) $row->distance : null,
			);
		}
		$end = $search['offset'] + $search['limit'];
		return array(
			'results' => $results,
			'total'   => $total,
			'next'    => $end < $total && $end <= self::OFFSET_MAX ? (string) $end : null,
		);
	}

	/**
	 * The answer to a search in self mode: the page, or 503 DIRECTORY_BUILDING while the table is filled.
	 *
	 * @param array $query The query parameters.
	 * @return array{status: int, body: array, headers: array}
	 */
	public static function answer( array $query ) {
		try {
			$search = self::read_search( $query );
		} catch ( \MerchantElements\Gateway\GatewayError $error ) {
			return array(
				'status'  => (int) $error->status,
				'body'    => $error->to_resource(),
				'headers' => array(),
			);
		}
		$cursor = get_option( self::CURSOR_OPTION, array() );
		if ( empty( $cursor['complete'] ) ) {
			$read = isset( $cursor['read'] ) ? (int) $cursor['read'] : 0;
			return array(
				'status'  => 503,
				'body'    => array(
					'error'       => 'DIRECTORY_BUILDING',
					/* translators: %s: how many locations were read. */
					'message'     => sprintf( __( 'The directory is being built from the upstream\'s feeds: %s locations read. Try again in a few minutes.', 'merchant-elements' ), number_format_i18n( $read ) ),
					'status_code' => 503,
					'progress'    => array(
						'read'           => $read,
						'estimatedTotal' => null,
					),
				),
				'headers' => array( 'Retry-After' => '60' ),
			);
		}
		return array(
			'status'  => 200,
			'body'    => self::search( $search ),
			'headers' => array( 'Cache-Control' => 'public, max-age=60' ),
		);
	}

	/**
	 * The settings page's default-location picker (assets/admin/location-picker.js), on that page only.
	 *
	 * @param string $hook The admin page.
	 */
	public static function settings_assets( $hook ) {
		if ( 'settings_page_merchant-elements' === $hook ) {
			wp_enqueue_script( 'merchant-elements-location-picker', plugins_url( 'assets/admin/location-picker.js', MERCHANT_ELEMENTS_FILE ), array( 'wp-api-fetch' ), MERCHANT_ELEMENTS_VERSION, true );
		}
	}

	// ---------------------------------------------------------------------------------------------
	// The picker's REST route.

	/**
	 * `GET /wp-json/merchant-elements/editor/places?q=`: for people who edit posts or manage the settings. Not under
	 * /merchant-elements/v1/, which is the contract's (its last route answers 404 for every other path there).
	 */
	public static function register_rest_route() {
		register_rest_route(
			'merchant-elements/editor',
			'/places',
			array(
				'methods'             => 'GET',
				'permission_callback' => function () {
					return current_user_can( 'edit_posts' ) || current_user_can( 'manage_options' );
				},
				'callback'            => array( __CLASS__, 'places' ),
			)
		);
	}

	/**
	 * The places matching the editor's search: from the gateway's directory, or from the table.
	 *
	 * @param \WP_REST_Request $request The request.
	 * @return \WP_REST_Response
	 */
	public static function places( \WP_REST_Request $request ) {
		$query = array();
		foreach ( array( 'q', 'latitude', 'longitude', 'radius', 'limit', 'cursor' ) as $name ) {
			$value = $request->get_param( $name );
			if ( is_string( $value ) && '' !== $value ) {
				$query[ $name ] = $value;
			}
		}
		if ( 'gateway' === Connection::source() ) {
			$gateway = Connection::gateway_url();
			if ( '' === $gateway ) {
				return new \WP_REST_Response(
					array(
						'error'       => 'NOT_CONFIGURED',
						'message'     => __( 'No gateway address is set (Settings › Merchant Elements).', 'merchant-elements' ),
						'status_code' => 503,
					),
					503
				);
			}
			$response = wp_safe_remote_get(
				$gateway . '/v1/directory?' . http_build_query( $query, '', '&', PHP_QUERY_RFC3986 ),
				array(
					'timeout' => 10,
					'headers' => array( 'accept' => 'application/json' ),
				)
			);
			if ( is_wp_error( $response ) ) {
				return new \WP_REST_Response(
					array(
						'error'       => 'GATEWAY_UNAVAILABLE',
						'message'     => __( 'The gateway did not answer.', 'merchant-elements' ),
						'status_code' => 502,
					),
					502
				);
			}
			$body = json_decode( (string) wp_remote_retrieve_body( $response ), true );
			$out  = new \WP_REST_Response( is_array( $body ) ? $body : array(), (int) wp_remote_retrieve_response_code( $response ) );
			$wait = wp_remote_retrieve_header( $response, 'retry-after' );
			if ( '' !== $wait ) {
				$out->header( 'Retry-After', (string) $wait );
			}
			return $out;
		}
		$answer = self::answer( $query );
		$out    = new \WP_REST_Response( $answer['body'], $answer['status'] );
		foreach ( $answer['headers'] as $name => $value ) {
			$out->header( $name, $value );
		}
		return $out;
	}
}
