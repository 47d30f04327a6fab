<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Settings.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * The site's settings, in plain words, on Settings › Merchant Elements:
 *
 * - where the data comes from: "this site fetches it itself" (the client id, the signing key and the two API
 *   addresses, or the same as constants in wp-config.php) or "a gateway" (its URL; needed for server rendering);
 * - the default location, theme and language, and whether actions' widget scripts may load.
 *
 * Registered with the Settings API (so the form's nonce and the `manage_options` check are WordPress's) and shown in
 * the REST settings endpoint (/wp/v2/settings) for automation, except the signing key, which is write-only: no form,
 * REST answer or page ever shows it. What decides which code or HTML the site prints (the source, the credentials,
 * the gateway URL, widget scripts) may be changed only by a user with `unfiltered_html` as well as `manage_options`.
 */
final class Settings {

	/** The themes; '' leaves the elements' own default (auto: the visitor's light or dark preference). */
	const THEMES = array( '', 'auto', 'light', 'dark' );

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		add_action( 'init', array( self::class, 'register_settings' ) );
		add_action( 'admin_menu', array( self::class, 'add_settings_page' ) );
		add_action( 'admin_init', array( self::class, 'add_settings_fields' ) );
		add_action( 'admin_enqueue_scripts', array( self::class, 'settings_assets' ) );
		add_filter( 'plugin_action_links_' . plugin_basename( MERCHANT_ELEMENTS_FILE ), array( self::class, 'settings_link' ) );
		add_action( 'add_option_merchant_elements_signing_key', array( self::class, 'key_not_autoloaded' ) );
		add_action( 'update_option_merchant_elements_signing_key', array( self::class, 'key_not_autoloaded' ) );
	}

	/**
	 * The languages the elements speak (their interface strings), code => name in that language. Generated at build time
	 * from the elements' one list of languages (scripts/build-wordpress.mjs writes generated/languages.json), so a new
	 * language reaches this setting without touching PHP.
	 *
	 * @return array<string, string>
	 */
	public static function languages() {
		static $languages = null;
		if ( null === $languages ) {
			$json      = file_get_contents( MERCHANT_ELEMENTS_DIR . 'generated/languages.json' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin's own.
			$languages = array();
			foreach ( (array) json_decode( (string) $json, true ) as $code => $name ) {
				if ( is_string( $code ) && 1 === preg_match( '/^[a-z]{2,3}$/', $code ) && is_string( $name ) ) {
					$languages[ $code ] = $name;
				}
			}
		}
		return $languages;
	}

	/**
	 * The locales the setting takes: '' (the page's own language), then each language's code.
	 *
	 * @return string[]
	 */
	public static function locales() {
		return array_merge( array( '' ), array_keys( self::languages() ) );
	}

	/**
	 * The settings, declared once: option name => what register_setting needs. The signing key is registered on its own
	 * (self::register_settings()): never in REST.
	 *
	 * @return array<string, array<string, mixed>>
	 */
	public static function settings() {
		return array(
			'merchant_elements_source'               => array(
				'type'              => 'string',
				'description'       => __( 'Where the data comes from: this site fetches it itself (self) or a gateway does (gateway).', 'merchant-elements' ),
				'sanitize_callback' => array( self::class, 'sanitize_source' ),
				'default'           => '',
				'show_in_rest'      => array( 'schema' => array( 'enum' => array( '', 'self', 'gateway' ) ) ),
			),
			'merchant_elements_client_id'            => array(
				'type'              => 'string',
				'description'       => __( 'The client id issued with the signing key.', 'merchant-elements' ),
				'sanitize_callback' => array( self::class, 'sanitize_client_id' ),
				'default'           => '',
			),
			'merchant_elements_actions_url'          => array(
				'type'              => 'string',
				'description'       => __( 'The Actions API address.', 'merchant-elements' ),
				'sanitize_callback' => array( self::class, 'sanitize_actions_url' ),
				'default'           => '',
			),
			'merchant_elements_publisher_url'        => array(
				'type'              => 'string',
				'description'       => __( 'The Publisher API address.', 'merchant-elements' ),
				'sanitize_callback' => array( self::class, 'sanitize_publisher_url' ),
				'default'           => '',
			),
			'merchant_elements_endpoint'             => array(
				'type'              => 'string',
				'description'       => __( 'The gateway URL the elements load their data from.', 'merchant-elements' ),
				'sanitize_callback' => array( self::class, 'sanitize_endpoint' ),
				'default'           => '',
			),
			'merchant_elements_location_id'          => array(
				'type'              => 'string',
				'description'       => __( 'The location shown when a block or shortcode does not name one.', 'merchant-elements' ),
				'sanitize_callback' => array( self::class, 'sanitize_location_id' ),
				'default'           => '',
			),
			'merchant_elements_theme'                => array(
				'type'              => 'string',
				'description'       => __( 'The elements’ colours: light, dark, or the page’s (empty).', 'merchant-elements' ),
				'sanitize_callback' => array( self::class, 'sanitize_theme' ),
				'default'           => '',
				'show_in_rest'      => array( 'schema' => array( 'enum' => self::THEMES ) ),
			),
			'merchant_elements_locale'               => array(
				'type'              => 'string',
				'description'       => __( 'The elements’ language; empty follows the page’s language.', 'merchant-elements' ),
				'sanitize_callback' => array( self::class, 'sanitize_locale' ),
				'default'           => '',
				'show_in_rest'      => array( 'schema' => array( 'enum' => self::locales() ) ),
			),
			'merchant_elements_allow_widget_scripts' => array(
				'type'              => 'boolean',
				'description'       => __( 'Let call-to-action buttons load their booking or ordering widget scripts from the data.', 'merchant-elements' ),
				'sanitize_callback' => array( self::class, 'sanitize_widget_scripts' ),
				'default'           => false,
			),
		);
	}

	/** Registers the options (admin and REST both read them, so on init), and the write-only signing key. */
	public static function register_settings() {
		foreach ( self::settings() as $name => $args ) {
			register_setting( 'merchant_elements', $name, $args + array( 'show_in_rest' => true ) );
		}
		register_setting(
			'merchant_elements',
			'merchant_elements_signing_key',
			array(
				'type'              => 'string',
				'sanitize_callback' => array( self::class, 'save_signing_key' ),
				'default'           => '',
				'show_in_rest'      => false,
			)
		);
	}

	/**
	 * Says on the settings page why a value was not saved. Sanitizers also run for the REST settings endpoint, where
	 * the admin's template functions are not loaded (and the saved value, kept, is the answer).
	 *
	 * @param string $option  The option's name.
	 * @param string $message What was wrong, in plain words.
	 */
	public static function settings_error( $option, $message ) {
		if ( function_exists( 'add_settings_error' ) ) {
			add_settings_error( $option, 'invalid', $message );
		}
	}

	/**
	 * Whether the current user may change a connection setting; when not, says so. The saved value is then kept.
	 *
	 * @param string $option The option's name.
	 * @return bool
	 */
	public static function may_change( $option ) {
		if ( Connection::user_can_connect() ) {
			return true;
		}
		self::settings_error( $option, __( 'Only an administrator who may add scripts to the site can change where the data comes from, the credentials, the gateway or widget scripts.', 'merchant-elements' ) );
		return false;
	}

	/**
	 * "self", "gateway", or '' (then decided by whether a gateway URL is set).
	 *
	 * @param mixed $value The submitted value.
	 * @return string
	 */
	public static function sanitize_source( $value ) {
		$saved = (string) get_option( 'merchant_elements_source', '' );
		$value = strtolower( trim( (string) $value ) );
		if ( $value === $saved || ! self::may_change( 'merchant_elements_source' ) ) {
			return $saved;
		}
		return in_array( $value, array( 'self', 'gateway' ), true ) ? $value : '';
	}

	/**
	 * The client id: printable text without spaces; '' clears it. Kept when set in wp-config.php.
	 *
	 * @param mixed $value The submitted value.
	 * @return string
	 */
	public static function sanitize_client_id( $value ) {
		$saved = (string) get_option( 'merchant_elements_client_id', '' );
		$value = trim( (string) $value );
		if ( $value === $saved || Connection::credential_is_constant( 'merchant_elements_client_id' ) || ! self::may_change( 'merchant_elements_client_id' ) ) {
			return $saved;
		}
		if ( '' !== $value && 1 !== preg_match( '/^[\x21-\x7e]{1,200}$/', $value ) ) {
			self::settings_error( 'merchant_elements_client_id', __( 'A client id has no spaces.', 'merchant-elements' ) );
			return $saved;
		}
		return $value;
	}

	/**
	 * The signing key, write-only: an empty field keeps the saved key (the form never shows it), a new one replaces
	 * it. Stored without autoload (self::key_not_autoloaded()). Kept when set in wp-config.php.
	 *
	 * @param mixed $value The submitted value.
	 * @return string
	 */
	public static function save_signing_key( $value ) {
		$saved = (string) get_option( 'merchant_elements_signing_key', '' );
		$value = trim( (string) $value );
		if ( '' === $value || $value === $saved || Connection::credential_is_constant( 'merchant_elements_signing_key' ) || ! self::may_change( 'merchant_elements_signing_key' ) ) {
			return $saved;
		}
		if ( 1 !== preg_match( '/^[\x21-\x7e]{8,500}$/', $value ) ) {
			self::settings_error( 'merchant_elements_signing_key', __( 'A signing key has no spaces and at least 8 characters.', 'merchant-elements' ) );
			return $saved;
		}
		return $value;
	}

	/**
	 * Keeps the signing key out of the options WordPress loads on every page (update_option() creates an option
	 * autoloaded, and WordPress 6.1 has no function to change that): it is read only when a request is signed.
	 */
	public static function key_not_autoloaded() {
		global $wpdb;
		$wpdb->update( $wpdb->options, array( 'autoload' => 'no' ), array( 'option_name' => 'merchant_elements_signing_key' ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery -- no API sets autoload on 6.1; the cache is cleared below.
		wp_cache_delete( 'alloptions', 'options' );
	}

	/**
	 * An absolute http(s) address without query or fragment, without its trailing slash; null when it is not one.
	 *
	 * @param string $value The address.
	 * @return string|null
	 */
	public static function web_address( $value ) {
		$scheme = strtolower( (string) wp_parse_url( $value, PHP_URL_SCHEME ) );
		$host   = (string) wp_parse_url( $value, PHP_URL_HOST );
		if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || '' === $host || false !== strpbrk( $value, '?#' ) ) {
			return null;
		}
		$path = (string) wp_parse_url( $value, PHP_URL_PATH );
		$port = wp_parse_url( $value, PHP_URL_PORT );
		return esc_url_raw( $scheme . '://' . $host . ( $port ? ':' . $port : '' ) . rtrim( $path, '/' ), array( 'http', 'https' ) );
	}

	/**
	 * A connection address (gateway or API): a web address, or '' to clear it. Anything else keeps the saved value and
	 * says why; so does a user who may not change it, and a value set in wp-config.php.
	 *
	 * @param string $option  The option's name.
	 * @param mixed  $value   The submitted value.
	 * @param string $problem What to say about a value that is not a web address.
	 * @return string
	 */
	public static function sanitize_address( $option, $value, $problem ) {
		$saved = (string) get_option( $option, '' );
		$value = trim( (string) $value );
		if ( rtrim( $value, '/' ) === $saved || Connection::credential_is_constant( $option ) || ! self::may_change( $option ) ) {
			return $saved;
		}
		if ( '' === $value ) {
			return '';
		}
		$url = self::web_address( $value );
		if ( null === $url ) {
			self::settings_error( $option, $problem );
			return $saved;
		}
		return $url;
	}

	/**
	 * The gateway URL (its rendered HTML is printed in pages: see self::may_change()).
	 *
	 * @param mixed $value The submitted value.
	 * @return string
	 */
	public static function sanitize_endpoint( $value ) {
		return self::sanitize_address( 'merchant_elements_endpoint', $value, __( 'The gateway URL must be a web address starting with https:// (or http://).', 'merchant-elements' ) );
	}

	/**
	 * The Actions API address.
	 *
	 * @param mixed $value The submitted value.
	 * @return string
	 */
	public static function sanitize_actions_url( $value ) {
		return self::sanitize_address( 'merchant_elements_actions_url', $value, __( 'The Actions API address must be a web address starting with https:// (or http://).', 'merchant-elements' ) );
	}

	/**
	 * The Publisher API address.
	 *
	 * @param mixed $value The submitted value.
	 * @return string
	 */
	public static function sanitize_publisher_url( $value ) {
		return self::sanitize_address( 'merchant_elements_publisher_url', $value, __( 'The Publisher API address must be a web address starting with https:// (or http://).', 'merchant-elements' ) );
	}

	/**
	 * A location id as the contract accepts it: letters, digits and . _ ~ -, at most 128 characters; '' clears it.
	 *
	 * @param mixed $value The submitted value.
	 * @return string
	 */
	public static function sanitize_location_id( $value ) {
		$value = trim( (string) $value );
		if ( '' === $value || 1 === preg_match( '/' . Contract::get()['locationIdPattern'] . '/', $value ) ) {
			return $value;
		}
		self::settings_error( 'merchant_elements_location_id', __( 'A location id has only letters, digits, dots, dashes, underscores and tildes.', 'merchant-elements' ) );
		return (string) get_option( 'merchant_elements_location_id', '' );
	}

	/**
	 * One of the themes, else ''.
	 *
	 * @param mixed $value The submitted value.
	 * @return string
	 */
	public static function sanitize_theme( $value ) {
		$value = strtolower( trim( (string) $value ) );
		return in_array( $value, self::THEMES, true ) ? $value : '';
	}

	/**
	 * One of the locales, else ''.
	 *
	 * @param mixed $value The submitted value.
	 * @return string
	 */
	public static function sanitize_locale( $value ) {
		$value = strtolower( trim( (string) $value ) );
		return in_array( $value, self::locales(), true ) ? $value : '';
	}

	/**
	 * Widget scripts on or off (see self::may_change()).
	 *
	 * @param mixed $value The submitted value.
	 * @return bool
	 */
	public static function sanitize_widget_scripts( $value ) {
		$saved = (bool) get_option( 'merchant_elements_allow_widget_scripts', false );
		$value = rest_sanitize_boolean( $value );
		if ( $value === $saved || ! self::may_change( 'merchant_elements_allow_widget_scripts' ) ) {
			return $saved;
		}
		return $value;
	}

	/** Settings › Merchant Elements. */
	public static function add_settings_page() {
		add_options_page(
			__( 'Merchant Elements', 'merchant-elements' ),
			__( 'Merchant Elements', 'merchant-elements' ),
			'manage_options',
			'merchant-elements',
			array( self::class, 'render_settings_page' )
		);
	}

	/**
	 * A "Settings" link beside the plugin's name in the plugins list.
	 *
	 * @param string[] $links The plugin's action links.
	 * @return string[]
	 */
	public static function settings_link( $links ) {
		$url = admin_url( 'options-general.php?page=merchant-elements' );
		array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'merchant-elements' ) . '</a>' );
		return $links;
	}

	/** The page's fields. */
	public static function add_settings_fields() {
		$page = 'merchant-elements';
		add_settings_section( 'merchant_elements_connection', __( 'Where your data comes from', 'merchant-elements' ), array( self::class, 'connection_intro' ), $page );
		add_settings_field( 'merchant_elements_source', __( 'How', 'merchant-elements' ), array( self::class, 'source_field' ), $page, 'merchant_elements_connection' );
		foreach ( self::credential_fields() as $option => $field ) {
			add_settings_field(
				$option,
				$field['label'],
				array( self::class, 'credential_field' ),
				$page,
				'merchant_elements_connection',
				array(
					'label_for' => $option,
					'class'     => 'merchant-elements-self',
				) + $field + array( 'option' => $option )
			);
		}
		add_settings_field(
			'merchant_elements_endpoint',
			__( 'Gateway URL', 'merchant-elements' ),
			array( self::class, 'endpoint_field' ),
			$page,
			'merchant_elements_connection',
			array(
				'label_for' => 'merchant_elements_endpoint',
				'class'     => 'merchant-elements-gateway',
			)
		);
		add_settings_field( 'merchant_elements_location_id', __( 'Your location id', 'merchant-elements' ), array( self::class, 'location_field' ), $page, 'merchant_elements_connection', array( 'label_for' => 'merchant_elements_location_id' ) );

		add_settings_section( 'merchant_elements_look', __( 'Look and language', 'merchant-elements' ), '__return_false', $page );
		add_settings_field( 'merchant_elements_theme', __( 'Colours', 'merchant-elements' ), array( self::class, 'theme_field' ), $page, 'merchant_elements_look', array( 'label_for' => 'merchant_elements_theme' ) );
		add_settings_field( 'merchant_elements_locale', __( 'Language', 'merchant-elements' ), array( self::class, 'locale_field' ), $page, 'merchant_elements_look', array( 'label_for' => 'merchant_elements_locale' ) );

		add_settings_section( 'merchant_elements_scripts', __( 'Booking and ordering widgets', 'merchant-elements' ), '__return_false', $page );
		add_settings_field( 'merchant_elements_allow_widget_scripts', __( 'Widget scripts', 'merchant-elements' ), array( self::class, 'widget_scripts_field' ), $page, 'merchant_elements_scripts', array( 'label_for' => 'merchant_elements_allow_widget_scripts' ) );
	}

	/**
	 * The credential fields of "self" mode: option => label, input type, help.
	 *
	 * @return array<string, array{label: string, type: string, help: string}>
	 */
	public static function credential_fields() {
		return array(
			'merchant_elements_client_id'     => array(
				'label' => __( 'Client id', 'merchant-elements' ),
				'type'  => 'text',
				'help'  => __( 'From the data provider, with the signing key.', 'merchant-elements' ),
			),
			'merchant_elements_signing_key'   => array(
				'label' => __( 'Signing key', 'merchant-elements' ),
				'type'  => 'password',
				'help'  => __( 'Kept secret: it is never shown again, here or anywhere. Leave the field empty to keep the saved key.', 'merchant-elements' ),
			),
			'merchant_elements_actions_url'   => array(
				'label' => __( 'Actions API address', 'merchant-elements' ),
				'type'  => 'url',
				'help'  => __( 'Where the calls to action come from, e.g. https://actions.example.com', 'merchant-elements' ),
			),
			'merchant_elements_publisher_url' => array(
				'label' => __( 'Publisher API address', 'merchant-elements' ),
				'type'  => 'url',
				'help'  => __( 'Where the menus, hours and photos come from, e.g. https://publisher.example.com', 'merchant-elements' ),
			),
		);
	}

	/** The connection section's introduction. */
	public static function connection_intro() {
		echo '<p>' . esc_html__( 'Your menus, hours, photos and buttons come from a data provider. This site can fetch them itself (nothing else to run), or through a gateway, a small server your web agency runs for several sites, which can also draw the elements on the server.', 'merchant-elements' ) . '</p>';
		if ( ! Connection::user_can_connect() ) {
			echo '<p><strong>' . esc_html__( 'Only an administrator who may add scripts to the site can change these settings.', 'merchant-elements' ) . '</strong></p>';
		}
	}

	/** The two ways, as a choice in words. */
	public static function source_field() {
		$source   = Connection::source();
		$disabled = disabled( ! Connection::user_can_connect(), true, false );
		$choices  = array(
			'self'    => __( 'This site fetches the data itself (recommended: nothing else to run)', 'merchant-elements' ),
			'gateway' => __( 'Use a gateway (a server your agency runs; needed for server rendering)', 'merchant-elements' ),
		);
		echo '<fieldset id="merchant-elements-source">';
		foreach ( $choices as $value => $label ) {
			printf(
				'<label><input type="radio" name="merchant_elements_source" value="%s"%s%s /> %s</label><br />',
				esc_attr( $value ),
				checked( $source, $value, false ),
				$disabled, // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- disabled() prints a fixed attribute.
				esc_html( $label )
			);
		}
		echo '</fieldset>';
	}

	/**
	 * A credential's field: editable, or shown as set in wp-config.php. The signing key's is always empty.
	 *
	 * @param array $args The field's option, label, type and help.
	 */
	public static function credential_field( array $args ) {
		$option = $args['option'];
		if ( Connection::credential_is_constant( $option ) ) {
			$constants = Connection::credential_constants();
			printf(
				'<p id="%s"><em>%s</em></p>',
				esc_attr( $option ),
				/* translators: %s: a constant's name, e.g. MERCHANT_ELEMENTS_SIGNING_KEY */
				esc_html( sprintf( __( 'Set in wp-config.php (%s).', 'merchant-elements' ), $constants[ $option ] ) )
			);
			return;
		}
		$is_key = 'merchant_elements_signing_key' === $option;
		$saved  = $is_key ? '' : (string) get_option( $option, '' );
		$hint   = $is_key && '' !== (string) get_option( $option, '' ) ? __( 'Saved (hidden). Enter a new key to replace it.', 'merchant-elements' ) : '';
		printf(
			'<input type="%1$s" class="regular-text code" id="%2$s" name="%2$s" value="%3$s" placeholder="%4$s" autocomplete="off"%5$s /><p class="description">%6$s</p>',
			esc_attr( $args['type'] ),
			esc_attr( $option ),
			esc_attr( $saved ),
			esc_attr( $hint ),
			disabled( ! Connection::user_can_connect(), true, false ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- disabled() prints a fixed attribute.
			esc_html( $args['help'] )
		);
	}

	/** The gateway URL field. */
	public static function endpoint_field() {
		printf(
			'<input type="url" class="regular-text code" id="merchant_elements_endpoint" name="merchant_elements_endpoint" value="%s" placeholder="https://gateway.example.com"%s /><p class="description">%s</p>',
			esc_attr( (string) get_option( 'merchant_elements_endpoint', '' ) ),
			disabled( ! Connection::user_can_connect(), true, false ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- disabled() prints a fixed attribute.
			esc_html__( 'The gateway’s address comes from whoever runs it (your web agency or developer).', 'merchant-elements' )
		);
	}

	/** The default location field and the test-connection button. */
	public static function location_field() {
		printf(
			'<input type="text" class="regular-text code" id="merchant_elements_location_id" name="merchant_elements_location_id" value="%s" /><p class="description">%s</p>',
			esc_attr( (string) get_option( 'merchant_elements_location_id', '' ) ),
			esc_html__( 'Blocks and shortcodes that do not name a location show this one.', 'merchant-elements' )
		);
		printf(
			'<p><button type="button" class="button" id="merchant-elements-test">%s</button></p><p id="merchant-elements-test-result" role="status" aria-live="polite"></p>',
			esc_html__( 'Test connection', 'merchant-elements' )
		);
	}

	/**
	 * A select of the given values.
	 *
	 * @param string                $name   The option's name (and the field's id).
	 * @param array<string, string> $labels Value => label.
	 */
	public static function select_field( $name, array $labels ) {
		$current = (string) get_option( $name, '' );
		printf( '<select id="%1$s" name="%1$s">', esc_attr( $name ) );
		foreach ( $labels as $value => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $value ), selected( $current, (string) $value, false ), esc_html( $label ) );
		}
		echo '</select>';
	}

	/** The theme field. */
	public static function theme_field() {
		self::select_field(
			'merchant_elements_theme',
			array(
				''      => __( 'Follow the page (light, unless the site has a dark mode)', 'merchant-elements' ),
				'light' => __( 'Light', 'merchant-elements' ),
				'dark'  => __( 'Dark', 'merchant-elements' ),
			)
		);
	}

	/** The locale field. */
	public static function locale_field() {
		self::select_field(
			'merchant_elements_locale',
			array( '' => __( 'The page’s language', 'merchant-elements' ) ) + self::languages()
		);
	}

	/** The widget-scripts switch, with what it means. */
	public static function widget_scripts_field() {
		printf(
			'<label><input type="checkbox" id="merchant_elements_allow_widget_scripts" name="merchant_elements_allow_widget_scripts" value="1"%s%s /> %s</label><p class="description">%s</p>',
			checked( (bool) get_option( 'merchant_elements_allow_widget_scripts', false ), true, false ),
			disabled( ! Connection::user_can_connect(), true, false ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- disabled() prints a fixed attribute.
			esc_html__( 'Allow booking and ordering widget scripts', 'merchant-elements' ),
			esc_html__( 'Some booking and ordering buttons open a widget that needs a script from the provider. With this on, the elements load such scripts, and only those named in your data. Leave it off unless a button asks for it.', 'merchant-elements' )
		);
	}

	/** The settings page. */
	public static function render_settings_page() {
		if ( ! current_user_can( 'manage_options' ) ) {
			return;
		}
		echo '<div class="wrap"><h1>' . esc_html( get_admin_page_title() ) . '</h1>';
		settings_errors();
		echo '<form action="' . esc_url( admin_url( 'options.php' ) ) . '" method="post">';
		settings_fields( 'merchant_elements' );
		do_settings_sections( 'merchant-elements' );
		submit_button();
		echo '</form></div>';
	}

	/**
	 * The settings page's script (the connection test, and showing the fields of the way chosen), on that page only.
	 * Its words and addresses come as data attributes of an element on the page rather than through
	 * wp_localize_script, which prints an inline script: the plugin prints none.
	 *
	 * @param string $hook The admin page.
	 */
	public static function settings_assets( $hook ) {
		if ( 'settings_page_merchant-elements' !== $hook ) {
			return;
		}
		wp_enqueue_script( 'merchant-elements-test-connection', plugins_url( 'assets/admin/test-connection.js', MERCHANT_ELEMENTS_FILE ), array(), MERCHANT_ELEMENTS_VERSION, true );
		add_action( 'admin_footer', array( self::class, 'test_connection_strings' ) );
	}

	/** The test's words and its REST address and nonce, as data attributes of an empty element (no inline script). */
	public static function test_connection_strings() {
		$strings = array(
			'testing'     => __( 'Testing…', 'merchant-elements' ),
			'noEndpoint'  => __( 'Enter the gateway URL first.', 'merchant-elements' ),
			'badEndpoint' => __( 'That is not a web address. It should start with https:// (or http://).', 'merchant-elements' ),
			/* translators: %s: this site's address, e.g. https://example.com */
			'cors'        => __( 'The gateway answered, but it does not allow this site to use it. Ask whoever runs it to add %s to MERCHANT_ALLOWED_ORIGINS.', 'merchant-elements' ),
			'unreachable' => __( 'The gateway did not answer. Check the address, and that the gateway is running.', 'merchant-elements' ),
			/* translators: %s: the HTTP status code */
			'notGateway'  => __( 'Something answered at that address, but not a gateway (HTTP %s). Check the address.', 'merchant-elements' ),
			'connected'   => __( 'Connected to the gateway. Enter a default location id to check it too.', 'merchant-elements' ),
			/* translators: %s: a location id */
			'unknown'     => __( 'Connected to the gateway, but it has no location with id “%s”. Check the id.', 'merchant-elements' ),
			/* translators: %s: the location's name */
			'found'       => __( 'Connected. The default location is %s.', 'merchant-elements' ),
			/* translators: %s: the location's name and address, e.g. "Nonna Rosa Pizzeria, 12 Main St, New York" */
			'listed'      => __( 'Connected. The default location is %s, found by name in the gateway’s place directory.', 'merchant-elements' ),
			/* translators: %s: the location's name */
			'unlisted'    => __( 'Connected. The default location is %s, but the gateway’s place directory does not find it by name (places out of business are left out of it).', 'merchant-elements' ),
			/* translators: 1: the location's name, 2: how many locations were read so far */
			'building'    => __( 'Connected. The default location is %1$s. The gateway’s place directory is still being built (%2$s locations read): finding places by name works once it is done.', 'merchant-elements' ),
			/* translators: %s: the location's name */
			'noDirectory' => __( 'Connected. The default location is %s. This gateway keeps no place directory (HTTP 501), so places cannot be found by name here: enter their ids.', 'merchant-elements' ),
			/* translators: %s: the gateway's message */
			'failed'      => __( 'The gateway could not load the location: %s', 'merchant-elements' ),
			'selfFailed'  => __( 'The check could not run. Reload the page and try again.', 'merchant-elements' ),
		);
		echo '<div id="merchant-elements-test-strings" hidden';
		printf( ' data-check-url="%s" data-nonce="%s"', esc_url( rest_url( 'merchant-elements/admin/check' ) ), esc_attr( wp_create_nonce( 'wp_rest' ) ) );
		foreach ( $strings as $key => $text ) {
			echo ' data-' . esc_attr( strtolower( preg_replace( '/[A-Z]/', '-$0', $key ) ) ) . '="' . esc_attr( $text ) . '"';
		}
		echo '></div>';
	}
}
