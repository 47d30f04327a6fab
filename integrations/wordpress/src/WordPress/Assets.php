<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Assets.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

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
 * How: on WordPress 6.5 and later, pages get the bundle through the script-module API (wp_register_script_module,
 * wp_enqueue_script_module; WordPress prints the module's tag, `type="module"` with the id `merchant-elements-js-module`).
 * That API prints modules at one place only, the head with a block theme and the footer with a classic one, so
 * where that is not where the bundle belongs (a classic theme's page known before the head, a block theme's use
 * found after it) the plugin prints its own module there with the same API class, and takes it out of WordPress's
 * queue so it is printed once. Older WordPress, and the block editor (6.5 prints no modules in wp-admin), get it as
 * a classic script turned into a module by the script_loader_tag filter.
 */
final class Assets {

	/**
	 * The bundle's version for WordPress to add to its URL: none (null; false would add WordPress's own). A module's URL
	 * is its identity: the bundle's on-demand modules import it by its plain name (`./merchant-elements.js`), so a
	 * `?ver=` on the page's tag made the browser fetch and run the bundle a second time, as another module, when the
	 * menu's navigation or a JSON-LD writer loaded (21 KB and a round trip more before ready on a phone), and each
	 * element's file beside it imports it the same way (a second request cache: the page's data fetched twice). The
	 * version is in the path instead (self::script_url()).
	 */
	const BUNDLE_VERSION = null;

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		add_action( 'init', array( self::class, 'register_bundle' ) );
		add_action( 'wp', array( self::class, 'detect_use' ) );
		add_action( 'wp_head', array( self::class, 'print_page_defaults' ), 1 );
		add_action( 'wp_footer', array( self::class, 'print_page_defaults' ), 1 );
		add_action( 'enqueue_block_editor_assets', array( self::class, 'mark_used' ) );
		add_action( 'admin_head', array( self::class, 'print_page_defaults' ) );
		add_filter( 'script_loader_tag', array( self::class, 'module_tag' ), 10, 2 );
		// Script modules, around WordPress's own printing of them (priority 10 on wp_head or wp_footer, by theme).
		add_action( 'wp_head', array( self::class, 'print_module_in_head' ), 11 );
		add_action( 'wp_footer', array( self::class, 'note_module_printed' ), 11 );
		add_action( 'wp_footer', array( self::class, 'print_module_in_footer' ), 20 );
	}

	/**
	 * Registers the bundle, the same on every page: with a gateway set, blocks and shortcodes are server-rendered
	 * (render.php); with the site fetching its own data, their data is printed beside them (data/page-data.php). The
	 * bundle takes over either by itself (its first module reads the data blocks and the server's markup before any
	 * element is defined); on a page with neither it pays two queries that find nothing.
	 */
	public static function register_bundle() {
		$handle = self::bundle_handle();
		wp_register_script( $handle, self::bundle_src(), array(), self::BUNDLE_VERSION, false );
		if ( function_exists( 'wp_register_script_module' ) ) {
			wp_register_script_module( $handle, self::bundle_src(), array(), self::BUNDLE_VERSION );
		}
		// <merchant-provider> renders nothing and has no box of its own by its own styles (an unknown element's, inline):
		// here it is no box at all, before and after the bundle, so a theme's layout of a post's blocks (a block theme's
		// constrained width, a flex or grid row) reaches the elements inside it as if it were not there.
		wp_register_style( $handle, false, array(), MERCHANT_ELEMENTS_VERSION );
		wp_add_inline_style( $handle, 'merchant-provider{display:contents}' );
	}

	/**
	 * The bundle's URL (the plugin's own copy).
	 *
	 * @return string
	 */
	public static function bundle_src() {
		return self::script_url( 'merchant-elements.js' );
	}

	/**
	 * Where the plugin's scripts are, in the plugin: a folder named by its version (scripts/build-wordpress.mjs puts
	 * them there), so each version's files have URLs of their own with no query. After an upgrade the page names the
	 * new version's files only, and a browser or a host's cache that keeps the old ones for long never runs an old
	 * bundle with a new element file (each build names its private fields differently): they are other URLs.
	 *
	 * @param string $file A file the build made: the bundle, an element's file, a language module.
	 * @return string Its path in the plugin, e.g. `assets/js/0.1.0/merchant-elements.js`.
	 */
	public static function script_path( $file ) {
		return 'assets/js/' . MERCHANT_ELEMENTS_VERSION . '/' . $file;
	}

	/**
	 * A script's URL (self::script_path()).
	 *
	 * @param string $file A file the build made.
	 * @return string
	 */
	public static function script_url( $file ) {
		return plugins_url( self::script_path( $file ), MERCHANT_ELEMENTS_FILE );
	}

	/**
	 * Whether the build made a script (an element's file, a language module).
	 *
	 * @param string $file Its name.
	 * @return bool
	 */
	public static function script_exists( $file ) {
		return file_exists( MERCHANT_ELEMENTS_DIR . self::script_path( $file ) );
	}

	/** The bundle's handle, as a classic script and as a script module. */
	public static function bundle_handle() {
		return 'merchant-elements';
	}

	/** Whether this page gets the bundle as a script module: WordPress 6.5 or later, and not wp-admin (see above). */
	public static function uses_script_modules() {
		return function_exists( 'wp_enqueue_script_module' ) && ! is_admin();
	}

	/**
	 * Notes that the page uses an element: the bundle is enqueued, once. As a classic script, WordPress prints it in the
	 * head when this happens before wp_head, in the footer after; as a script module, see
	 * self::print_module_in_head() and self::print_module_in_footer().
	 */
	public static function mark_used() {
		$GLOBALS['merchant_elements_used'] = true;
		wp_enqueue_style( self::bundle_handle() );
		if ( self::uses_script_modules() ) {
			wp_enqueue_script_module( self::bundle_handle() );
		} else {
			wp_enqueue_script( self::bundle_handle() );
		}
	}

	/** Whether something on this page uses an element. */
	public static function is_used() {
		return ! empty( $GLOBALS['merchant_elements_used'] );
	}

	/**
	 * Whether markup holds an element: a block, a shortcode or a pasted tag.
	 *
	 * @param string $content Post content or a widget's.
	 * @return bool
	 */
	public static function content_uses( $content ) {
		if ( ! is_string( $content ) || false === stripos( $content, 'merchant' ) ) {
			return false;
		}
		if ( false !== strpos( $content, '<!-- wp:merchant-elements/' ) || 1 === preg_match( '/<merchant-[a-z]+[\s>]/i', $content ) ) {
			return true;
		}
		foreach ( array_keys( Elements::table() ) as $tag ) {
			if ( has_shortcode( $content, $tag ) ) {
				return true;
			}
		}
		return false;
	}

	/** Before the head is printed: looks for elements in the queried posts and the block widgets. */
	public static function detect_use() {
		global $wp_query;
		$contents = array();
		foreach ( (array) $wp_query->posts as $post ) {
			$contents[] = $post->post_content;
		}
		$contents = array_merge( $contents, self::active_block_widgets() );
		foreach ( $contents as $content ) {
			if ( self::content_uses( $content ) ) {
				self::mark_used();
				return;
			}
		}
	}

	/**
	 * The content of the block widgets placed in a widget area (not those set aside as inactive).
	 *
	 * @return string[]
	 */
	public static function active_block_widgets() {
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
	public static function page_defaults() {
		$pairs    = array();
		$settings = array(
			'endpoint'    => Connection::endpoint(),
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
		// A preview is the author's view: a failing element shows what to fix there (a visitor reads a neutral message).
		if ( is_preview() ) {
			$pairs[] = 'debug=true';
		}
		return implode( '; ', $pairs );
	}

	/** Prints the page-defaults meta tag, once, when an element is used (hooked to the head and, for late uses, the footer). */
	public static function print_page_defaults() {
		static $printed = false;
		if ( $printed || ! self::is_used() ) {
			return;
		}
		$printed = true;
		echo '<meta name="merchant-elements" content="' . esc_attr( self::page_defaults() ) . '" />' . "\n";
	}

	/**
	 * The bundle as a module where it is a classic script (WordPress before 6.5, and wp-admin): WordPress prints classic
	 * scripts as `text/javascript`.
	 *
	 * @param string $tag    The script tag WordPress made.
	 * @param string $handle The script's handle.
	 * @return string
	 */
	public static function module_tag( $tag, $handle ) {
		if ( self::bundle_handle() !== $handle ) {
			return $tag;
		}
		// Themes without html5 script support get `type='text/javascript'` added: replace it rather than add a second type.
		$tag = preg_replace( '/\stype=([\'"])text\/javascript\1/', '', $tag );
		return preg_replace( '/<script\b/', '<script type="module"', $tag, 1 );
	}

	/**
	 * Whether WordPress prints the enqueued script modules on an action (wp_head or wp_footer): it hooks its printer to
	 * one of them when the theme is set up, by whether the theme is a block theme.
	 *
	 * @param string $action wp_head or wp_footer.
	 * @return bool
	 */
	public static function core_prints_modules_on( $action ) {
		return false !== has_action( $action, array( wp_script_modules(), 'print_enqueued_script_modules' ) );
	}

	/**
	 * Prints the bundle as a script module now, with WordPress's own printer (the same tag, id and
	 * script_module_loader_src filter as its queue gets), and takes it out of WordPress's queue so it is not printed a
	 * second time.
	 */
	public static function print_module_now() {
		$handle  = self::bundle_handle();
		$modules = new \WP_Script_Modules();
		$modules->register( $handle, self::bundle_src(), array(), self::BUNDLE_VERSION );
		$modules->enqueue( $handle );
		$modules->print_enqueued_script_modules();
		wp_dequeue_script_module( $handle );
		$GLOBALS['merchant_elements_module_printed'] = true;
	}

	/** Whether the bundle is a script module on this page, used, and not printed yet. */
	public static function module_pending() {
		return self::uses_script_modules() && self::is_used() && empty( $GLOBALS['merchant_elements_module_printed'] );
	}

	/**
	 * In the head, just after WordPress printed its modules there or not: an element known before the head gets the
	 * bundle here. With a block theme WordPress has just printed it; with a classic theme (whose modules WordPress
	 * prints in the footer) the plugin prints it.
	 */
	public static function print_module_in_head() {
		if ( ! self::module_pending() ) {
			return;
		}
		if ( self::core_prints_modules_on( 'wp_head' ) ) {
			$GLOBALS['merchant_elements_module_printed'] = true;
			return;
		}
		self::print_module_now();
	}

	/** In the footer, just after WordPress printed its modules there (a classic theme): the bundle was among them. */
	public static function note_module_printed() {
		if ( self::module_pending() && self::core_prints_modules_on( 'wp_footer' ) ) {
			$GLOBALS['merchant_elements_module_printed'] = true;
		}
	}

	/**
	 * Later in the footer (where classic footer scripts are printed), for an element found after WordPress printed its
	 * modules: after the head with a block theme (whose modules WordPress prints only there), or in the footer itself.
	 */
	public static function print_module_in_footer() {
		if ( self::module_pending() ) {
			self::print_module_now();
		}
	}
}
