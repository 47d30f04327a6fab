<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Render.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\Contract;

defined( 'ABSPATH' ) || exit;

/**
 * An element's markup from attributes, for blocks and shortcodes alike: only the attributes the element table
 * lists, each checked against its kind and bounded (a post's author chooses them, and they become part of URLs and
 * cache keys); a boolean is a bare attribute when on and absent when off.
 *
 * What is printed depends on where the data comes from (connection.php):
 * - "self": the plain element, and the data it will ask for as JSON blocks (page-data.php), so it renders as soon as
 *   the script runs, with no request;
 * - "gateway": the element server-rendered by the gateway when it can, within one time budget for the whole page,
 *   else the plain element.
 * Either way the data blocks go after the page's content, once per URL (DataBlocks).
 */
final class Render {

	/** The longest text attribute a post may set (location ids are 128 at most; lists of names are short). */
	const MAX_TEXT = 200;

	/** How long a server-rendered element is kept (the gateway's own cache answers the next request in any case). */
	const RENDER_TTL = 300;

	/** After the gateway failed to answer, how long pages print plain elements without asking it again, in seconds. */
	const RENDER_PAUSE = 60;

	/** The largest render accepted from the gateway, in bytes. */
	const RENDER_MAX_BYTES = 524288;

	/**
	 * The most one page waits for what it fetches while it is made (the gateway's renders, or the upstream's data in
	 * "self" mode), all of it together, in seconds; MERCHANT_ELEMENTS_FETCH_BUDGET in wp-config.php sets another
	 * (self::page_budget()).
	 */
	const PAGE_BUDGET = 2.0;

	/** The longest budget MERCHANT_ELEMENTS_FETCH_BUDGET may set, in seconds (a page still has to be served). */
	const PAGE_BUDGET_MAX = 30.0;

	/**
	 * The most renders (or data blocks) one page fetches; the other elements are printed plain and load in the browser.
	 * Bounds what a post can make the site fetch and store.
	 */
	const PAGE_FETCHES_MAX = 12;

	/**
	 * How many renders this page has fetched (at most self::PAGE_FETCHES_MAX).
	 *
	 * @var int
	 */
	private static $fetches = 0;

	/**
	 * The renders this page fetched, by URL: the safe markup, or null when it failed.
	 *
	 * @var array<string, string|null>
	 */
	private static $fetched = array();

	/**
	 * The markup of one element.
	 *
	 * @param string               $tag     The element's tag (must be in the element table).
	 * @param array<string, mixed> $atts    Attributes by the element's names; unknown ones are dropped.
	 * @param string               $content Markup already rendered for inside the element (a provider's children).
	 * @return string
	 */
	public static function render_element( $tag, array $atts, $content = '' ) {
		$table = Elements::table();
		if ( ! isset( $table[ $tag ] ) ) {
			return '';
		}
		Assets::mark_used();
		$values = self::checked_values( $tag, $atts );
		$markup = '';
		foreach ( $values as $name => $value ) {
			$markup .= '' === $value ? ' ' . $name : ' ' . $name . '="' . esc_attr( $value ) . '"';
		}
		$plain = '<' . $tag . $markup . '>' . $content . '</' . $tag . '>';
		/**
		 * An element rendered (src/WordPress/RenderedLocations.php records which page shows which location).
		 *
		 * @param string                $tag    The element's tag.
		 * @param array<string, string> $values Its attributes, checked.
		 */
		do_action( 'merchant_elements_rendered', $tag, $values );
		if ( 'self' === Connection::source() ) {
			return DataBlocks::after_content( $plain . PageData::data_blocks( $tag, $values ) );
		}
		$rendered = self::server_render( $tag, $values );
		return null === $rendered ? $plain : DataBlocks::after_content( $rendered );
	}

	/**
	 * An element's attributes as printed: only those the element table lists, each checked (attribute_value()); a
	 * boolean that is on is '', one that is off is left out.
	 *
	 * @param string               $tag  The element's tag (in the element table).
	 * @param array<string, mixed> $atts Attributes by the element's names, as a block or a shortcode gives them.
	 * @return array<string, string>
	 */
	public static function checked_values( $tag, array $atts ) {
		$table  = Elements::table();
		$values = array();
		foreach ( $table[ $tag ]['attributes'] as $name => $spec ) {
			if ( ! array_key_exists( $name, $atts ) ) {
				continue;
			}
			$value = self::attribute_value( $name, $spec, $atts[ $name ] );
			if ( true === $value ) {
				$values[ $name ] = '';
			} elseif ( is_string( $value ) && '' !== $value ) {
				$values[ $name ] = $value;
			}
		}
		return $values;
	}

	/**
	 * How long one page waits for what it fetches, in seconds: MERCHANT_ELEMENTS_FETCH_BUDGET when wp-config.php sets
	 * it to a number (bounded to 0.1–30), else self::PAGE_BUDGET. A slow host's owner may give pages longer on a cold
	 * cache; the WordPress tests set it so a machine under heavy load still fits a cold page, and keep the default
	 * where the budget itself is what they check.
	 *
	 * @return float
	 */
	public static function page_budget() {
		if ( defined( 'MERCHANT_ELEMENTS_FETCH_BUDGET' ) && is_numeric( MERCHANT_ELEMENTS_FETCH_BUDGET ) ) {
			return min( self::PAGE_BUDGET_MAX, max( 0.1, (float) MERCHANT_ELEMENTS_FETCH_BUDGET ) );
		}
		return self::PAGE_BUDGET;
	}

	/**
	 * The microtime this page stops waiting for what it fetches (self::page_budget() after the first fetch).
	 *
	 * @return float
	 */
	public static function page_deadline() {
		static $deadline = null;
		if ( null === $deadline ) {
			$deadline = microtime( true ) + self::page_budget();
		}
		return $deadline;
	}

	/**
	 * The element server-rendered by the site's gateway (GET /v1/locations/{id}/render/{element}), kept in a transient;
	 * null on any failure (no gateway or location set, a slow or failing gateway, an answer that is not a safe element),
	 * so a page never waits long on the gateway and never breaks: the caller prints the plain element instead.
	 *
	 * The page's renders are usually fetched together before it is printed (PageRenders::prefetch()); one found only
	 * while rendering (a page builder's content, a classic widget's shortcode) is fetched here, within what is left of
	 * the page's budget.
	 *
	 * @param string                $tag    The element's tag.
	 * @param array<string, string> $values Its attributes, checked (a boolean that is on: '').
	 * @return string|null
	 */
	public static function server_render( $tag, array $values ) {
		$url = self::render_url( $tag, $values );
		if ( '' === $url ) {
			return null;
		}
		if ( '' === self::kept_render( $url ) && ! array_key_exists( $url, self::$fetched ) ) {
			self::fetch_renders( array( $url => $tag ) );
		}
		$render = self::kept_render( $url );
		return '' === $render ? null : $render;
	}

	/**
	 * Where the site's gateway renders an element (GET /v1/locations/{id}/render/{element}?{attributes}), with the
	 * site's theme and language where the element sets none (as the page-defaults meta tag gives them to the elements in
	 * the browser); '' when it is not server-rendered: no gateway or no location, or a provider (it holds other
	 * elements; the gateway has no render for it).
	 *
	 * @param string                $tag    The element's tag.
	 * @param array<string, string> $values Its attributes, checked (a boolean that is on: '').
	 * @return string
	 */
	public static function render_url( $tag, array $values ) {
		$endpoint = Connection::gateway_url();
		$location = isset( $values['location-id'] ) ? $values['location-id'] : (string) get_option( 'merchant_elements_location_id', '' );
		if ( '' === $endpoint || '' === $location || 'merchant-provider' === $tag ) {
			return '';
		}
		unset( $values['location-id'] );
		$site_defaults = array(
			'theme'  => 'merchant_elements_theme',
			'locale' => 'merchant_elements_locale',
		);
		foreach ( $site_defaults as $name => $option ) {
			$default = (string) get_option( $option, '' );
			if ( ! isset( $values[ $name ] ) && '' !== $default ) {
				$values[ $name ] = $default;
			}
		}
		ksort( $values );
		$url = $endpoint . '/v1/locations/' . rawurlencode( $location ) . '/render/' . rawurlencode( substr( $tag, strlen( 'merchant-' ) ) );
		if ( $values ) {
			$url .= '?' . http_build_query( $values, '', '&', PHP_QUERY_RFC3986 );
		}
		return $url;
	}

	/**
	 * The transient a render is kept in.
	 *
	 * @param string $url The render's URL.
	 * @return string
	 */
	public static function render_key( $url ) {
		return 'merchant_elements_render_' . md5( $url );
	}

	/**
	 * A render this page has, fetched for it or kept from an earlier view; '' when there is none.
	 *
	 * @param string $url The render's URL ('' for an element that is not server-rendered).
	 * @return string
	 */
	public static function kept_render( $url ) {
		if ( '' === $url ) {
			return '';
		}
		if ( array_key_exists( $url, self::$fetched ) ) {
			return (string) self::$fetched[ $url ];
		}
		$cached = get_transient( self::render_key( $url ) );
		return is_string( $cached ) ? $cached : '';
	}

	/**
	 * Fetches renders from the gateway, all together (ParallelFetch: Requests with wp_safe_remote_get()'s checks applied
	 * to each), and keeps the safe ones: in a transient for the next views and for this page in self::$fetched (null
	 * for one that failed, so this page does not ask again).
	 *
	 * One page waits at most self::page_budget() for all its renders together, and fetches at most
	 * self::PAGE_FETCHES_MAX; a gateway that failed (no answer in time, a 5xx) is not asked again for
	 * self::RENDER_PAUSE, so the next views do not wait either.
	 *
	 * @param array<string, string> $wanted The renders' URLs => their elements' tags.
	 */
	public static function fetch_renders( array $wanted ) {
		$time_left = self::page_deadline() - microtime( true );
		if ( $time_left < 0.1 || get_transient( 'merchant_elements_render_paused' ) ) {
			return;
		}
		$wanted = array_slice( $wanted, 0, max( 0, self::PAGE_FETCHES_MAX - self::$fetches ), true );
		if ( ! $wanted ) {
			return;
		}
		self::$fetches += count( $wanted );
		$responses      = ParallelFetch::get_all( array_keys( $wanted ), $time_left, self::RENDER_MAX_BYTES + 1, array( 'accept' => 'text/html' ) );
		foreach ( $wanted as $url => $tag ) {
			self::$fetched[ $url ] = null;
			$status                = $responses[ $url ]['status'];
			if ( 0 === $status || $status >= 500 ) {
				// No answer in time, or a failing gateway: the next views print plain elements at once for a while.
				set_transient( 'merchant_elements_render_paused', 1, self::RENDER_PAUSE );
				continue;
			}
			$html = 200 === $status ? $responses[ $url ]['body'] : '';
			if ( strlen( $html ) > self::RENDER_MAX_BYTES || ! self::is_safe_render( $html, $tag ) ) {
				continue;
			}
			set_transient( self::render_key( $url ), $html, self::RENDER_TTL );
			self::$fetched[ $url ] = $html;
		}
	}

	/**
	 * Whether a render from the gateway is what the site may print unfiltered: one element of the kind asked for, whole,
	 * with nothing that runs code. The gateway renders upstream text as text; this holds even if the gateway's address
	 * is pointed at a server that does not: no script other than the JSON and JSON-LD data blocks, no event handler
	 * attribute, no URL other than http(s), relative, a fragment or a link an element builds itself (tel:, mailto:; see
	 * is_built_link()), no frame, object, embed, form, base, link or meta.
	 *
	 * @param string $html The render.
	 * @param string $tag  The element asked for.
	 * @return bool
	 */
	public static function is_safe_render( $html, $tag ) {
		// Lit's SSR marks its parts with comments around the element; nothing else may stand beside it.
		$html = trim( (string) preg_replace( '/^(\s*<!--[^<>]*?-->)+|(<!--[^<>]*?-->\s*)+$/', '', $html ) );
		if ( 0 !== strpos( $html, '<' . $tag . ' ' ) || substr( $html, -strlen( '</' . $tag . '>' ) ) !== '</' . $tag . '>' ) {
			return false;
		}
		if ( preg_match( '/<\s*\/?\s*(iframe|frame|object|embed|form|base|link|meta|applet|portal)\b/i', $html ) ) {
			return false;
		}
		// Every script is a data block: JSON or JSON-LD, which browsers never run.
		if ( preg_match_all( '/<script\b([^>]*)>/i', $html, $scripts ) ) {
			foreach ( $scripts[1] as $attributes ) {
				if ( ! preg_match( '/^\s+type="application\/(ld\+)?json"(\s+data-merchant-[a-z-]+(="[^"<>]*")?)*\s*$/', $attributes ) ) {
					return false;
				}
			}
		}
		if ( preg_match_all( '/<[a-z][a-z0-9-]*\b([^>]*)>/i', $html, $tags ) ) {
			foreach ( $tags[1] as $attributes ) {
				if ( preg_match( '/(^|[\s"\'\/])on[a-z]+\s*=/i', $attributes ) || preg_match( '/\bsrcdoc\s*=/i', $attributes ) ) {
					return false;
				}
				if ( preg_match_all( '/\b(?:href|src|xlink:href|action|formaction|poster|srcset)\s*=\s*"([^"]*)"/i', $attributes, $urls ) ) {
					foreach ( $urls[1] as $url ) {
						$url = html_entity_decode( $url, ENT_QUOTES | ENT_HTML5 );
						if ( preg_match( '/^\s*[a-z][a-z0-9+.-]*:/i', $url ) && ! preg_match( '/^\s*https?:/i', $url ) && ! self::is_built_link( $url ) ) {
							return false;
						}
					}
				}
			}
		}
		return true;
	}

	/**
	 * Whether a URL is one of the links an element builds itself, exactly as it builds it: a phone number as
	 * `tel:+15551234567` (digits, an optional leading +: src/elements/shared/url.ts telUrl) or an e-mail address as
	 * `mailto:name@example.com` (no query, no second scheme). The elements never pass an upstream URL with these schemes
	 * (only http(s) ones), so nothing else under them can come from an element.
	 *
	 * @param string $url A URL from a render's attribute, entities decoded.
	 * @return bool
	 */
	public static function is_built_link( $url ) {
		return 1 === preg_match( '/^tel:\+?\d{3,20}$/', $url ) || 1 === preg_match( '/^mailto:[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/', $url );
	}

	/**
	 * The bounds of a number attribute a post may set: the nearby search's from the widget contract's route
	 * declarations (the same limits the endpoint enforces), a heading's level, anything else within ±1,000,000.
	 *
	 * @param string $name The attribute's name.
	 * @return array{0: float, 1: float}
	 */
	public static function number_bounds( $name ) {
		if ( 'heading-level' === $name ) {
			return array( 1, 6 );
		}
		$query = Contract::get()['routes']['nearby']['query'];
		$param = str_replace( '-', '_', $name );
		if ( isset( $query[ $param ]['min'], $query[ $param ]['max'] ) ) {
			return array( (float) $query[ $param ]['min'], (float) $query[ $param ]['max'] );
		}
		return array( -1000000, 1000000 );
	}

	/**
	 * An attribute's value as written into the element: true for an enabled boolean, a string otherwise, null to
	 * leave it out (off, empty, out of bounds, or not one of the allowed values).
	 *
	 * @param string $name  The attribute's name.
	 * @param array  $spec  The attribute's entry in the element table.
	 * @param mixed  $value As given by a block (typed) or a shortcode (text).
	 * @return true|string|null
	 */
	public static function attribute_value( $name, array $spec, $value ) {
		switch ( $spec['kind'] ) {
			case 'boolean':
				if ( is_string( $value ) ) {
					$value = ! in_array( strtolower( trim( $value ) ), array( 'false', '0', 'no', 'off' ), true );
				}
				return $value ? true : null;
			case 'choice':
				$value = is_scalar( $value ) ? strtolower( trim( (string) $value ) ) : '';
				return in_array( $value, (array) $spec['values'], true ) ? $value : null;
			case 'number':
				if ( ! is_numeric( $value ) || ! is_finite( (float) $value ) ) {
					return null;
				}
				list( $min, $max ) = self::number_bounds( $name );
				$number            = 0 + $value;
				return $number >= $min && $number <= $max ? (string) $number : null;
			default:
				if ( ! is_scalar( $value ) ) {
					return null;
				}
				$value = trim( (string) $value );
				if ( 'location-id' === $name ) {
					// The contract's pattern: it becomes a path segment of the data's URL (never `.`, `..` or a slash).
					return '' === $value || 1 === preg_match( '/' . Contract::get()['locationIdPattern'] . '/', $value ) ? $value : null;
				}
				// No control characters, and short: the value is part of a URL and a cache key.
				if ( strlen( $value ) > self::MAX_TEXT || preg_match( '/[\x00-\x1f\x7f]/', $value ) ) {
					return null;
				}
				return $value;
		}
	}
}
