<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * PreloadHints.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * What the page will need, said in its head, so the browser fetches it in parallel with the bundle instead of after it
 * (on a phone each round trip costs about 150 ms):
 *
 * - `<link rel="modulepreload">` for the bundle, at the URL its tag and its modules use (Assets::script_url(): the
 *   version in the path, no query; with a classic theme WordPress prints the module in the footer, after the whole
 *   page), for the file of each element on the page (the bundle imports it when the page holds the element's tag:
 *   src/elements/autoload.ts), for the modules an element loads beside its data (a full menu's navigation and tools),
 *   for Lit's hydration on a page that prints a server render (the bundle imports it for a server-rendered element)
 *   and for the language module each element on the page will load (its `locale`, else
 *   the site's language setting, else the page's `lang`, as the elements resolve it; English has none);
 * - `<link rel="preload" as="fetch" crossorigin="anonymous">` for the data an element will fetch itself: with a
 *   gateway, that of the elements the page prints plain (a render that failed or was not fetched in time), less what
 *   the page's renders carry. With the site fetching its own data, the data is in the page (PageData): nothing to
 *   preload. `crossorigin="anonymous"` is the credentials mode of the elements' fetch (`same-origin`,
 *   src/client/request.ts); any other and the browser would fetch the data twice.
 *
 * Only the elements known before the head are counted (PageRenders::elements()); one found later still loads as
 * before.
 */
final class PreloadHints {

	/**
	 * Adds its hooks (called once, by Plugin::boot()).
	 */
	public static function register() {
		// Just after the page-defaults meta tag (priority 1), before the styles and scripts WordPress prints.
		add_action( 'wp_head', array( self::class, 'print_hints' ), 2 );
	}

	/** Prints the hints, on a page whose elements are known before the head. */
	public static function print_hints() {
		if ( ! Assets::is_used() ) {
			return;
		}
		$elements = PageRenders::elements();
		$loaded   = self::loaded_with_page( $elements );
		$links    = array( self::link( 'modulepreload', Assets::bundle_src() ) );
		foreach ( array_merge( self::element_modules( $loaded ), self::modules_beside_data( $loaded ), self::server_rendered_modules( $loaded ), self::language_modules( $loaded ) ) as $module ) {
			$links[] = self::link( 'modulepreload', $module );
		}
		foreach ( self::data_urls( $elements ) as $url ) {
			$links[] = self::link( 'preload', $url, ' as="fetch" crossorigin="anonymous"' );
		}
		echo implode( "\n", $links ) . "\n"; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- self::link() escapes each.
	}

	/**
	 * The elements whose modules the bundle loads with the page: all but a `lazy` one the page prints server-rendered,
	 * whose content is on the page already and whose module, language and view modules load as the visitor comes near
	 * it (src/elements/autoload.ts): hinted, they would be fetched before anything uses them.
	 *
	 * @param array<int, array{0: string, 1: array<string, string>}> $elements The page's elements.
	 * @return array<int, array{0: string, 1: array<string, string>}>
	 */
	public static function loaded_with_page( array $elements ) {
		$loaded = array();
		foreach ( $elements as $element ) {
			if ( isset( $element[1]['lazy'] ) && '' !== self::printed_render( $element[0], $element[1] ) ) {
				continue;
			}
			$loaded[] = $element;
		}
		return $loaded;
	}

	/**
	 * The server render the page prints for an element: its kept render through the gateway, '' when it has none (or
	 * the site fetches its own data, and prints no render).
	 *
	 * @param string                $tag    The element's tag.
	 * @param array<string, string> $values Its attributes.
	 * @return string
	 */
	private static function printed_render( $tag, array $values ) {
		return 'self' === Connection::source() ? '' : Render::kept_render( Render::render_url( $tag, $values ) );
	}

	/**
	 * One hint.
	 *
	 * @param string $rel   modulepreload or preload.
	 * @param string $url   What to fetch.
	 * @param string $extra Further attributes, fixed text.
	 * @return string
	 */
	private static function link( $rel, $url, $extra = '' ) {
		return '<link rel="' . esc_attr( $rel ) . '" href="' . esc_url( $url ) . '"' . $extra . ' />';
	}

	/**
	 * The files the bundle will import for the page's elements, beside it: each element's own, or the one holding every
	 * element when theirs would weigh more, as the bundle's loader decides (src/contract/element-files.ts
	 * `prefersCombined`), named as the build named them, by their content (`merchant-elements-hours-1a2b3c4d.js`:
	 * generated/element-files.json).
	 *
	 * @param array<int, array{0: string, 1: array<string, string>}> $elements The page's elements.
	 * @return string[] Their URLs, as the bundle imports them (beside itself, no query).
	 */
	public static function element_modules( array $elements ) {
		$list  = self::build_files();
		$files = array();
		$apart = 0;
		foreach ( $elements as $element ) {
			$file = self::built_file( preg_replace( '/^merchant-/', '', $element[0] ) );
			if ( '' === $file || isset( $files[ $file ] ) ) {
				continue;
			}
			$files[ $file ] = true;
			$apart         += isset( $list['elements'][ $element[0] ] ) ? (int) $list['elements'][ $element[0] ] : 0;
		}
		$combined = self::built_file( 'all' );
		if ( '' !== $combined && isset( $list['combined'] ) && $list['combined'] > 0 && $apart > $list['combined'] && Assets::script_exists( $combined ) ) {
			return array( Assets::script_url( $combined ) );
		}
		$modules = array();
		foreach ( array_keys( $files ) as $file ) {
			if ( Assets::script_exists( $file ) ) {
				$modules[] = Assets::script_url( $file );
			}
		}
		return $modules;
	}

	/**
	 * The bundle build's file list (scripts/build-wordpress.mjs copies dist/merchant-elements-files.json to
	 * generated/element-files.json): `files` (a module's name => its file, named by its content), `elements` (tag =>
	 * bytes as served) and `combined` (bytes).
	 *
	 * @return array{files?: array<string, string>, elements?: array<string, int>, combined?: int}
	 */
	private static function build_files() {
		static $list = null;
		if ( null === $list ) {
			$file = MERCHANT_ELEMENTS_DIR . 'generated/element-files.json';
			$json = is_readable( $file ) ? file_get_contents( $file ) : ''; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin's own.
			$list = (array) json_decode( (string) $json, true );
		}
		return $list;
	}

	/**
	 * The file the build made for an on-demand module (`hours`, `all`, `i18n-de`…), or '' when it made none.
	 *
	 * @param string $name The module's name.
	 * @return string
	 */
	private static function built_file( $name ) {
		$list = self::build_files();
		return isset( $list['files'][ $name ] ) && is_string( $list['files'][ $name ] ) ? $list['files'][ $name ] : '';
	}

	/**
	 * The on-demand modules the elements load beside their data (a full menu's navigation and tools), by the elements'
	 * own rule (each element class's `modulesBesideData`, as generated/view-modules.json: per tag, the modules, unless an
	 * attribute has a value). Hinted with the element files, they arrive with them, not a round trip after.
	 *
	 * @param array<int, array{0: string, 1: array<string, string>}> $elements The page's elements.
	 * @return string[] Their URLs, as the bundle imports them (beside itself, no query).
	 */
	public static function modules_beside_data( array $elements ) {
		$rules   = Contract::generated( 'view-modules.json' )['elements'];
		$modules = array();
		foreach ( $elements as $element ) {
			list( $tag, $values ) = $element;
			if ( ! isset( $rules[ $tag ] ) ) {
				continue;
			}
			$rule = $rules[ $tag ];
			if ( isset( $rule['unless'] ) && isset( $values[ $rule['unless']['attribute'] ] ) && $rule['unless']['value'] === $values[ $rule['unless']['attribute'] ] ) {
				$modules = array_merge( $modules, self::built_modules( self::render_view_modules( $tag, $values ) ) );
				continue;
			}
			$modules = array_merge( $modules, self::built_modules( $rule['modules'] ) );
		}
		return array_values( $modules );
	}

	/**
	 * The on-demand modules a printed render's view loaded past its element's rule (a short menu that needs its tabs),
	 * as the render route names them on the element (`data-merchant-modules`, src/ssr/render.ts); none without a render.
	 *
	 * @param string                $tag    The element's tag.
	 * @param array<string, string> $values Its attributes.
	 * @return string[] The modules' names (the build's, looked up by built_modules()).
	 */
	private static function render_view_modules( $tag, array $values ) {
		$render = self::printed_render( $tag, $values );
		if ( '' === $render || 1 !== preg_match( '/^\s*<' . preg_quote( $tag, '/' ) . '\s[^>]*\sdata-merchant-modules="([a-z0-9 -]*)"/', $render, $found ) ) {
			return array();
		}
		return array_values( array_filter( explode( ' ', $found[1] ) ) );
	}

	/**
	 * The URLs of on-demand modules the build made, by name (those it made no file for left out).
	 *
	 * @param string[] $names The modules' names (`menu-tools`, `hydrate`…).
	 * @return array<string, string> Name => URL, as the bundle imports it (beside itself, no query).
	 */
	private static function built_modules( array $names ) {
		$modules = array();
		foreach ( $names as $name ) {
			$file = self::built_file( $name );
			if ( '' !== $file && Assets::script_exists( $file ) ) {
				$modules[ $name ] = Assets::script_url( $file );
			}
		}
		return $modules;
	}

	/**
	 * The on-demand modules a page with a server-rendered element loads (Lit's hydration: the bundle imports it when the
	 * page holds a render, src/elements/shared/takeover.ts), named by generated/view-modules.json's `serverRendered`;
	 * none when no element on the page has a render (hinted, it would be fetched for nothing).
	 *
	 * @param array<int, array{0: string, 1: array<string, string>}> $elements The page's elements.
	 * @return string[] Their URLs, as the bundle imports them (beside itself, no query).
	 */
	public static function server_rendered_modules( array $elements ) {
		foreach ( $elements as $element ) {
			if ( '' !== self::printed_render( $element[0], $element[1] ) ) {
				return array_values( self::built_modules( Contract::generated( 'view-modules.json' )['serverRendered'] ) );
			}
		}
		return array();
	}

	/**
	 * The language modules the elements will load: one per language other than English that an element resolves to.
	 *
	 * @param array<int, array{0: string, 1: array<string, string>}> $elements The page's elements.
	 * @return string[] Their URLs, as the bundle imports them (beside itself, no query).
	 */
	public static function language_modules( array $elements ) {
		$site    = (string) get_option( 'merchant_elements_locale', '' );
		$default = '' !== $site ? $site : get_bloginfo( 'language' );
		$modules = array();
		foreach ( $elements as $element ) {
			$locale = isset( $element[1]['locale'] ) ? $element[1]['locale'] : $default;
			// The language subtag, as the elements take it (src/elements/shared/i18n.ts uiLanguage()).
			$lang = strtolower( (string) preg_split( '/[-_]/', trim( $locale ) )[0] );
			$file = self::built_file( 'i18n-' . $lang );
			if ( 'en' !== $lang && '' !== $file && isset( Settings::languages()[ $lang ] ) && Assets::script_exists( $file ) ) {
				$modules[ $lang ] = Assets::script_url( $file );
			}
		}
		return array_values( $modules );
	}

	/**
	 * With a gateway, the data the plain elements will fetch: their requests (PageData::element_requests(), the URLs
	 * the browser writes), less those a render on the page carries as a data block.
	 *
	 * @param array<int, array{0: string, 1: array<string, string>}> $elements The page's elements.
	 * @return string[]
	 */
	public static function data_urls( array $elements ) {
		$endpoint = Connection::gateway_url();
		if ( '' === $endpoint ) {
			return array();
		}
		$wanted  = array();
		$carried = array();
		foreach ( $elements as $element ) {
			list( $tag, $values ) = $element;
			$render               = Render::kept_render( Render::render_url( $tag, $values ) );
			if ( '' !== $render ) {
				preg_match_all( '/\sdata-merchant-url="([^"]*)"/', $render, $blocks );
				foreach ( $blocks[1] as $url ) {
					$carried[ html_entity_decode( $url, ENT_QUOTES | ENT_HTML5 ) ] = true;
				}
				continue;
			}
			foreach ( PageData::element_requests( $tag, $values ) as $request ) {
				$wanted[ PageData::route_url( $endpoint, $request[0], $request[1], $request[2] ) ] = true;
			}
		}
		return array_slice( array_keys( array_diff_key( $wanted, $carried ) ), 0, Render::PAGE_FETCHES_MAX );
	}
}
