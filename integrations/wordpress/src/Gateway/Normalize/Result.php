<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * Result.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway\Normalize;

defined( 'ABSPATH' ) || exit;

/**
 * The normalizers: a port of src/gateway/normalize/{hours,location,menus,photos,actions}.ts. Each takes decoded
 * upstream JSON (objects as \stdClass) and returns `array( 'ok' => true, 'value' => ... )` or
 * `array( 'ok' => false, 'path' => ..., 'message' => ... )`. Values are PHP arrays whose json_encode() is the
 * Node gateway's JSON.
 */
final class Result {

	/**
	 * A success.
	 *
	 * @param mixed $value The value.
	 * @return array
	 */
	public static function ok( $value ) {
		return array(
			'ok'    => true,
			'value' => $value,
		);
	}

	/**
	 * A failure naming where in the upstream document.
	 *
	 * @param string $path    Where.
	 * @param string $message What.
	 * @return array
	 */
	public static function fail( $path, $message ) {
		return array(
			'ok'      => false,
			'path'    => $path,
			'message' => $message,
		);
	}
}
