<?php
/**
 * The bundle and the page defaults, printed once and only where an element is used:
 *
 * - the bundle (the plugin's own copy, no CDN) as `<script type="module">`, which also loads its on-demand modules
 *   (languages, the error view, the JSON-LD writers) from beside itself;
 * - the site's settings as the page-defaults meta tag, `<meta name="merchant-elements" content="endpoint=…;
 *   location-id=…; theme=…; locale=…">`, which every element on the page reads (and `allow-widget-scripts=true`
 *   only when an administrator turned the setting on).
 *
 * Where: a page whose queried posts or block widgets hold an element (a block, a shortcode or a pasted tag) gets
 * both in the head. A use found only while rendering (a page builder's content, a shortcode in a classic widget)
 * still works: the script is then printed in the footer and the meta tag just before it (the elements read the
 * page defaults when they load, which is after the script runs). No inline script either way.
 *
 * @package MerchantElements
 */

defined( 'ABSPATH' ) || exit;

add_action( 'init', 'merchant_elements_register_bundle' );
add_action( 'wp', 'merchant_elements_detect_use' );
add_action( 'wp_head', 'merchant_elements_print_page_defaults', 1 );
add_action( 'wp_footer', 'merchant_elements_print_page_defaults', 1 );
add_action( 'enqueue_block_editor_assets', 'merchant_elements_mark_used' );
add_action( 'admin_head', 'merchant_elements_print_page_defaults' );
add_filter( 'script_loader_tag', 'merchant_elements_module_tag', 10, 2 );

/**
 * Registers the bundles. With a gateway set, blocks and shortcodes are server-rendered (render.php); with the site
 * fetching its own data, their data is printed beside them (data/page-data.php). Either way the bundle printed is the
 * one that takes over what the server printed (merchant-elements-ssr.js: the plain bundle and a few hundred bytes
 * more). It is chosen before the page is rendered because the head may already hold it by the time an element is;
 * on a page with nothing to take over it behaves as the plain bundle.
 */
function merchant_elements_register_bundle() {
	wp_register_script( 'merchant-elements', plugins_url( 'assets/js/merchant-elements.js', MERCHANT_ELEMENTS_FILE ), array(), MERCHANT_ELEMENTS_VERSION, false );
	wp_register_script( 'merchant-elements-ssr', plugins_url( 'assets/js/merchant-elements-ssr.js', MERCHANT_ELEMENTS_FILE ), array(), MERCHANT_ELEMENTS_VERSION, false );
}

/** The bundle's handle for this site (see merchant_elements_register_bundle()). */
function merchant_elements_bundle_handle() {
	return '' !== merchant_elements_endpoint() ? 'merchant-elements-ssr' : 'merchant-elements';
}

/**
 * Notes that the page uses an element: the bundle is enqueued (once; WordPress prints it in the head when this
 * happens before wp_head, in the footer after).
 */
function merchant_elements_mark_used() {
	$GLOBALS['merchant_elements_used'] = true;
	wp_enqueue_script( merchant_elements_bundle_handle() );
}

/** Whether something on this page uses an element. */
function merchant_elements_is_used() {
	return ! empty( $GLOBALS['merchant_elements_used'] );
}

/**
 * Whether markup holds an element: a block, a shortcode or a pasted tag.
 *
 * @param string $content Post content or a widget's.
 * @return bool
 */
function merchant_elements_content_uses( $content ) {
	if ( ! is_string( $content ) || false === stripos( $content, 'merchant' ) ) {
		return false;
	}
	if ( false !== strpos( $content, '<!-- wp:merchant-elements/' ) || 1 === preg_match( '/<merchant-[a-z]+[\s>]/i', $content ) ) {
		return true;
	}
	foreach ( array_keys( merchant_elements_table() ) as $tag ) {
		if ( has_shortcode( $content, $tag ) ) {
			return true;
		}
	}
	return false;
}

/** Before the head is printed: looks for elements in the queried posts and the block widgets. */
function merchant_elements_detect_use() {
	global $wp_query;
	$contents = array();
	foreach ( (array) $wp_query->posts as $post ) {
		$contents[] = $post->post_content;
	}
	$contents = array_merge( $contents, merchant_elements_active_block_widgets() );
	foreach ( $contents as $content ) {
		if ( merchant_elements_content_uses( $content ) ) {
			merchant_elements_mark_used();
			return;
		}
	}
}

/**
 * The content of the block widgets placed in a widget area (not those set aside as inactive).
 *
 * @return string[]
 */
function merchant_elements_active_block_widgets() {
	$blocks   = (array) get_option( 'widget_block', array() );
	$contents = array();
	foreach ( wp_get_sidebars_widgets() as $sidebar => $widget_ids ) {
		if ( 'wp_inactive_widgets' === $sidebar || ! is_array( $widget_ids ) ) {
			continue;
		}
		foreach ( $widget_ids as $widget_id ) {
			if ( preg_match( '/^block-(\d+)$/', (string) $widget_id, $match ) && isset( $blocks[ $match[1] ]['content'] ) ) {
				$contents[] = (string) $blocks[ $match[1] ]['content'];
			}
		}
	}
	return $contents;
}

/**
 * The page-defaults meta tag's content from the settings: `name=value` pairs joined by `; `.
 *
 * @return string
 */
function merchant_elements_page_defaults() {
	$pairs    = array();
	$settings = array(
		'endpoint'    => merchant_elements_endpoint(),
		'location-id' => get_option( 'merchant_elements_location_id', '' ),
		'theme'       => get_option( 'merchant_elements_theme', '' ),
		'locale'      => get_option( 'merchant_elements_locale', '' ),
	);
	foreach ( $settings as $key => $value ) {
		// `;` separates pairs: the sanitizers never let one into a value, and this keeps it so.
		$value = str_replace( ';', '', (string) $value );
		if ( '' !== $value ) {
			$pairs[] = $key . '=' . $value;
		}
	}
	if ( get_option( 'merchant_elements_allow_widget_scripts', false ) ) {
		$pairs[] = 'allow-widget-scripts=true';
	}
	return implode( '; ', $pairs );
}

/** Prints the page-defaults meta tag, once, when an element is used (hooked to the head and, for late uses, the footer). */
function merchant_elements_print_page_defaults() {
	static $printed = false;
	if ( $printed || ! merchant_elements_is_used() ) {
		return;
	}
	$printed = true;
	echo '<meta name="merchant-elements" content="' . esc_attr( merchant_elements_page_defaults() ) . '" />' . "\n";
}

/**
 * The bundle as a module: WordPress 6.1 prints classic scripts only (script modules came in 6.5).
 *
 * @param string $tag    The script tag WordPress made.
 * @param string $handle The script's handle.
 * @return string
 */
function merchant_elements_module_tag( $tag, $handle ) {
	if ( 'merchant-elements' !== $handle && 'merchant-elements-ssr' !== $handle ) {
		return $tag;
	}
	// Themes without html5 script support get `type='text/javascript'` added: replace it rather than add a second type.
	$tag = preg_replace( '/\stype=([\'"])text\/javascript\1/', '', $tag );
	return preg_replace( '/<script\b/', '<script type="module"', $tag, 1 );
}
