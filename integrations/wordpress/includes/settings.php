<?php
/**
 * The site's settings: the gateway, the default location, theme and locale, and whether actions' widget scripts
 * may load. Registered with the Settings API (so the form's nonce and the `manage_options` check are WordPress's)
 * and shown in the REST settings endpoint (/wp/v2/settings) for automation.
 *
 * @package MerchantElements
 */

defined( 'ABSPATH' ) || exit;

add_action( 'init', 'merchant_elements_register_settings' );
add_action( 'admin_menu', 'merchant_elements_add_settings_page' );
add_action( 'admin_init', 'merchant_elements_add_settings_fields' );
add_action( 'admin_enqueue_scripts', 'merchant_elements_settings_assets' );
add_filter( 'plugin_action_links_' . plugin_basename( MERCHANT_ELEMENTS_FILE ), 'merchant_elements_settings_link' );

/** The locales the elements speak (their interface strings); '' is the page's own language. */
const MERCHANT_ELEMENTS_LOCALES = array( '', 'en', 'es', 'fr', 'de' );
/** The themes; '' leaves the elements' own default (auto: the visitor's light or dark preference). */
const MERCHANT_ELEMENTS_THEMES = array( '', 'auto', 'light', 'dark' );

/**
 * The settings, declared once: option name => what register_setting needs.
 *
 * @return array<string, array<string, mixed>>
 */
function merchant_elements_settings() {
	return array(
		'merchant_elements_endpoint'             => array(
			'type'              => 'string',
			'description'       => __( 'The gateway URL the elements load their data from.', 'merchant-elements' ),
			'sanitize_callback' => 'merchant_elements_sanitize_endpoint',
			'default'           => '',
		),
		'merchant_elements_location_id'          => array(
			'type'              => 'string',
			'description'       => __( 'The location shown when a block or shortcode does not name one.', 'merchant-elements' ),
			'sanitize_callback' => 'merchant_elements_sanitize_location_id',
			'default'           => '',
		),
		'merchant_elements_theme'                => array(
			'type'              => 'string',
			'description'       => __( 'The elements’ colours: light, dark, or the page’s (empty).', 'merchant-elements' ),
			'sanitize_callback' => 'merchant_elements_sanitize_theme',
			'default'           => '',
			'show_in_rest'      => array( 'schema' => array( 'enum' => MERCHANT_ELEMENTS_THEMES ) ),
		),
		'merchant_elements_locale'               => array(
			'type'              => 'string',
			'description'       => __( 'The elements’ language; empty follows the page’s language.', 'merchant-elements' ),
			'sanitize_callback' => 'merchant_elements_sanitize_locale',
			'default'           => '',
			'show_in_rest'      => array( 'schema' => array( 'enum' => MERCHANT_ELEMENTS_LOCALES ) ),
		),
		'merchant_elements_allow_widget_scripts' => array(
			'type'              => 'boolean',
			'description'       => __( 'Let call-to-action buttons load their booking or ordering widget scripts from the gateway’s data.', 'merchant-elements' ),
			'sanitize_callback' => 'rest_sanitize_boolean',
			'default'           => false,
		),
	);
}

/** Registers the options (admin and REST both read them, so on init). */
function merchant_elements_register_settings() {
	foreach ( merchant_elements_settings() as $name => $args ) {
		register_setting( 'merchant_elements', $name, $args + array( 'show_in_rest' => true ) );
	}
}

/**
 * A gateway URL: absolute http(s), no query or fragment, no trailing slash; '' clears it. Anything else keeps the
 * saved value and says why.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function merchant_elements_sanitize_endpoint( $value ) {
	$value = trim( (string) $value );
	if ( '' === $value ) {
		return '';
	}
	$scheme = strtolower( (string) wp_parse_url( $value, PHP_URL_SCHEME ) );
	$host   = (string) wp_parse_url( $value, PHP_URL_HOST );
	if ( ! in_array( $scheme, array( 'http', 'https' ), true ) || '' === $host ) {
		merchant_elements_settings_error( 'merchant_elements_endpoint', __( 'The gateway URL must be a web address starting with https:// (or http://).', 'merchant-elements' ) );
		return (string) get_option( 'merchant_elements_endpoint', '' );
	}
	$path = (string) wp_parse_url( $value, PHP_URL_PATH );
	$port = wp_parse_url( $value, PHP_URL_PORT );
	return esc_url_raw( $scheme . '://' . $host . ( $port ? ':' . $port : '' ) . rtrim( $path, '/' ), array( 'http', 'https' ) );
}

/**
 * Says on the settings page why a value was not saved. Sanitizers also run for the REST settings endpoint, where
 * the admin's template functions are not loaded (and the saved value, kept, is the answer).
 *
 * @param string $option  The option's name.
 * @param string $message What was wrong, in plain words.
 */
function merchant_elements_settings_error( $option, $message ) {
	if ( function_exists( 'add_settings_error' ) ) {
		add_settings_error( $option, 'invalid', $message );
	}
}

/**
 * A location id as the gateway accepts it: letters, digits and . _ ~ -, at most 128 characters; '' clears it.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function merchant_elements_sanitize_location_id( $value ) {
	$value = trim( (string) $value );
	if ( '' === $value || 1 === preg_match( '/^[A-Za-z0-9][A-Za-z0-9._~-]{0,127}$/', $value ) ) {
		return $value;
	}
	merchant_elements_settings_error( 'merchant_elements_location_id', __( 'A location id has only letters, digits, dots, dashes, underscores and tildes.', 'merchant-elements' ) );
	return (string) get_option( 'merchant_elements_location_id', '' );
}

/**
 * One of the themes, else ''.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function merchant_elements_sanitize_theme( $value ) {
	$value = strtolower( trim( (string) $value ) );
	return in_array( $value, MERCHANT_ELEMENTS_THEMES, true ) ? $value : '';
}

/**
 * One of the locales, else ''.
 *
 * @param mixed $value The submitted value.
 * @return string
 */
function merchant_elements_sanitize_locale( $value ) {
	$value = strtolower( trim( (string) $value ) );
	return in_array( $value, MERCHANT_ELEMENTS_LOCALES, true ) ? $value : '';
}

/** Settings › Merchant Elements. */
function merchant_elements_add_settings_page() {
	add_options_page(
		__( 'Merchant Elements', 'merchant-elements' ),
		__( 'Merchant Elements', 'merchant-elements' ),
		'manage_options',
		'merchant-elements',
		'merchant_elements_render_settings_page'
	);
}

/**
 * A "Settings" link beside the plugin's name in the plugins list.
 *
 * @param string[] $links The plugin's action links.
 * @return string[]
 */
function merchant_elements_settings_link( $links ) {
	$url = admin_url( 'options-general.php?page=merchant-elements' );
	array_unshift( $links, '<a href="' . esc_url( $url ) . '">' . esc_html__( 'Settings', 'merchant-elements' ) . '</a>' );
	return $links;
}

/** The page's fields. */
function merchant_elements_add_settings_fields() {
	add_settings_section( 'merchant_elements_connection', __( 'Connection', 'merchant-elements' ), 'merchant_elements_connection_intro', 'merchant-elements' );
	add_settings_field( 'merchant_elements_endpoint', __( 'Gateway URL', 'merchant-elements' ), 'merchant_elements_endpoint_field', 'merchant-elements', 'merchant_elements_connection', array( 'label_for' => 'merchant_elements_endpoint' ) );
	add_settings_field( 'merchant_elements_location_id', __( 'Default location id', 'merchant-elements' ), 'merchant_elements_location_field', 'merchant-elements', 'merchant_elements_connection', array( 'label_for' => 'merchant_elements_location_id' ) );

	add_settings_section( 'merchant_elements_look', __( 'Look and language', 'merchant-elements' ), '__return_false', 'merchant-elements' );
	add_settings_field( 'merchant_elements_theme', __( 'Colours', 'merchant-elements' ), 'merchant_elements_theme_field', 'merchant-elements', 'merchant_elements_look', array( 'label_for' => 'merchant_elements_theme' ) );
	add_settings_field( 'merchant_elements_locale', __( 'Language', 'merchant-elements' ), 'merchant_elements_locale_field', 'merchant-elements', 'merchant_elements_look', array( 'label_for' => 'merchant_elements_locale' ) );

	add_settings_section( 'merchant_elements_scripts', __( 'Booking and ordering widgets', 'merchant-elements' ), '__return_false', 'merchant-elements' );
	add_settings_field( 'merchant_elements_allow_widget_scripts', __( 'Widget scripts', 'merchant-elements' ), 'merchant_elements_widget_scripts_field', 'merchant-elements', 'merchant_elements_scripts', array( 'label_for' => 'merchant_elements_allow_widget_scripts' ) );
}

/** The connection section's introduction. */
function merchant_elements_connection_intro() {
	echo '<p>' . esc_html__( 'The gateway is the service that loads your menus, hours and photos. Its address comes from whoever set it up (your web agency or developer).', 'merchant-elements' ) . '</p>';
}

/** The gateway URL field and the test-connection button. */
function merchant_elements_endpoint_field() {
	printf(
		'<input type="url" class="regular-text code" id="merchant_elements_endpoint" name="merchant_elements_endpoint" value="%s" placeholder="https://gateway.example.com" />',
		esc_attr( (string) get_option( 'merchant_elements_endpoint', '' ) )
	);
	printf(
		'<p><button type="button" class="button" id="merchant-elements-test">%s</button></p><p id="merchant-elements-test-result" role="status" aria-live="polite"></p>',
		esc_html__( 'Test connection', 'merchant-elements' )
	);
}

/** The default location field. */
function merchant_elements_location_field() {
	printf(
		'<input type="text" class="regular-text code" id="merchant_elements_location_id" name="merchant_elements_location_id" value="%s" /><p class="description">%s</p>',
		esc_attr( (string) get_option( 'merchant_elements_location_id', '' ) ),
		esc_html__( 'Blocks and shortcodes that do not name a location show this one.', 'merchant-elements' )
	);
}

/**
 * A select of the given values.
 *
 * @param string                $name   The option's name (and the field's id).
 * @param array<string, string> $labels Value => label.
 */
function merchant_elements_select_field( $name, array $labels ) {
	$current = (string) get_option( $name, '' );
	printf( '<select id="%1$s" name="%1$s">', esc_attr( $name ) );
	foreach ( $labels as $value => $label ) {
		printf( '<option value="%s"%s>%s</option>', esc_attr( $value ), selected( $current, (string) $value, false ), esc_html( $label ) );
	}
	echo '</select>';
}

/** The theme field. */
function merchant_elements_theme_field() {
	merchant_elements_select_field(
		'merchant_elements_theme',
		array(
			''      => __( 'Follow the page (light, unless the site has a dark mode)', 'merchant-elements' ),
			'light' => __( 'Light', 'merchant-elements' ),
			'dark'  => __( 'Dark', 'merchant-elements' ),
		)
	);
}

/** The locale field. */
function merchant_elements_locale_field() {
	merchant_elements_select_field(
		'merchant_elements_locale',
		array(
			''   => __( 'The page’s language', 'merchant-elements' ),
			'en' => 'English',
			'es' => 'Español',
			'fr' => 'Français',
			'de' => 'Deutsch',
		)
	);
}

/** The widget-scripts switch, with what it means. */
function merchant_elements_widget_scripts_field() {
	printf(
		'<label><input type="checkbox" id="merchant_elements_allow_widget_scripts" name="merchant_elements_allow_widget_scripts" value="1"%s /> %s</label><p class="description">%s</p>',
		checked( (bool) get_option( 'merchant_elements_allow_widget_scripts', false ), true, false ),
		esc_html__( 'Allow booking and ordering widget scripts', 'merchant-elements' ),
		esc_html__( 'Some booking and ordering buttons open a widget that needs a script from the provider. With this on, the elements load such scripts, and only from your gateway’s data. Leave it off unless a button asks for it.', 'merchant-elements' )
	);
}

/** The settings page. */
function merchant_elements_render_settings_page() {
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
 * The test-connection script, on the settings page only. Its words come as data attributes of an element on the
 * page rather than through wp_localize_script, which prints an inline script: the plugin prints none.
 *
 * @param string $hook The admin page.
 */
function merchant_elements_settings_assets( $hook ) {
	if ( 'settings_page_merchant-elements' !== $hook ) {
		return;
	}
	wp_enqueue_script( 'merchant-elements-test-connection', plugins_url( 'assets/admin/test-connection.js', MERCHANT_ELEMENTS_FILE ), array(), MERCHANT_ELEMENTS_VERSION, true );
	add_action( 'admin_footer', 'merchant_elements_test_connection_strings' );
}

/** The test's words, as data attributes of an empty element the script reads (no inline script). */
function merchant_elements_test_connection_strings() {
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
		/* translators: %s: the gateway's message */
		'failed'      => __( 'The gateway could not load the location: %s', 'merchant-elements' ),
	);
	echo '<div id="merchant-elements-test-strings" hidden';
	foreach ( $strings as $key => $text ) {
		echo ' data-' . esc_attr( strtolower( preg_replace( '/[A-Z]/', '-$0', $key ) ) ) . '="' . esc_attr( $text ) . '"';
	}
	echo '></div>';
}
