<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Contract.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a GatewayError's message ends in a JSON error resource {error, message, status_code} (wp_json_encode), never in HTML; messages are written here, never copied from a URL.

/**
 * The contract's declarations the PHP needs (src/contract/routes.ts and src/contract/index.ts: the routes and their
 * parameters, limits, the location id pattern, page parts, photo and action types), as the build writes them to
 * generated/routes.json: declared once, in TypeScript. The other files the build generates from the TypeScript are
 * read here too.
 */
final class Contract {

	/**
	 * The contract's route table (routes.json): routes, limits, the location id pattern, page parts, types.
	 *
	 * @return array
	 * @throws \RuntimeException When the plugin was not built (no generated/routes.json).
	 */
	public static function get() {
		return self::generated( 'routes.json' );
	}

	/**
	 * A JSON file the build generated from the TypeScript (generated/routes.json, generated/requests.json), read once.
	 *
	 * @param string $name The file's name in generated/.
	 * @return array
	 * @throws \RuntimeException When the plugin was not built (no such file).
	 */
	public static function generated( $name ) {
		static $files = array();
		if ( ! isset( $files[ $name ] ) ) {
			$json = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/generated/' . $name ), true ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a file of the plugin's own, read with no WordPress loaded (the golden fixtures' replay, PHPUnit).
			if ( ! is_array( $json ) ) {
				throw new \RuntimeException( 'generated/' . $name . ' is missing or unreadable: build the plugin (npm run build).' );
			}
			$files[ $name ] = $json;
		}
		return $files[ $name ];
	}
}
