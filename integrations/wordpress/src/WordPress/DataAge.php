<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * How old an answer's data is: when it was fetched upstream and how long it counts as fresh, gathered from the cache
 * entries the answer was made of (a page is made of the location, its menus, photos and actions, each fetched at
 * its own time: the answer is as old as its oldest part, and fresh until its first part goes stale).
 *
 * The data blocks print it (`data-merchant-fetched`, `data-merchant-fresh`, `data-merchant-etag`) so the bundle can
 * tell data a page cache kept for a month from data fetched a minute ago, and revalidate the first with one
 * conditional request to the REST route, which answers with the same ETag (304 when nothing changed).
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

defined( 'ABSPATH' ) || exit;

/** The age of the answer being made. */
final class DataAge {

	/**
	 * Open scopes, innermost last: each the oldest fetch and the earliest expiry noted while it was open.
	 *
	 * @var array<int, array{fetched: int, expires: int}|null>
	 */
	private static $scopes = array();

	/** Nothing to hook: the cache and the REST route call it. */
	public static function register() {
	}

	/**
	 * Starts gathering the age of what is read from now on.
	 *
	 * @return int The scope, for end().
	 */
	public static function begin() {
		self::$scopes[] = null;
		return count( self::$scopes ) - 1;
	}

	/**
	 * Notes one cache entry read, in every open scope.
	 *
	 * @param int $fetched Unix time its data was fetched upstream.
	 * @param int $fresh   Seconds after that it is fresh.
	 */
	public static function note( $fetched, $fresh ) {
		foreach ( self::$scopes as $index => $scope ) {
			self::$scopes[ $index ] = array(
				'fetched' => null === $scope ? $fetched : min( $scope['fetched'], $fetched ),
				'expires' => null === $scope ? $fetched + $fresh : min( $scope['expires'], $fetched + $fresh ),
			);
		}
	}

	/**
	 * Ends a scope (and any left open inside it).
	 *
	 * @param int $scope From begin().
	 * @return array{fetched: int, fresh: int}|null Null when nothing was read (an error, a 404 not from the cache).
	 */
	public static function end( $scope ) {
		$found        = isset( self::$scopes[ $scope ] ) ? self::$scopes[ $scope ] : null;
		self::$scopes = array_slice( self::$scopes, 0, $scope );
		if ( null === $found ) {
			return null;
		}
		return array(
			'fetched' => $found['fetched'],
			'fresh'   => max( 0, $found['expires'] - $found['fetched'] ),
		);
	}

	/**
	 * A route's answer with its age: `fetched` and `fresh` added (null when unknown).
	 *
	 * @param callable $answer Returns the resources' answer.
	 * @return array
	 */
	public static function of( $answer ) {
		$scope = self::begin();
		try {
			$result = call_user_func( $answer );
		} finally {
			$age = self::end( $scope );
		}
		$result['fetched'] = null === $age ? null : $age['fetched'];
		// A page with a part that failed (not to be stored) is stale at once: the bundle asks again.
		$partial         = isset( $result['cache_control'] ) && 'no-store' === $result['cache_control'];
		$result['fresh'] = null === $age || $partial ? 0 : $age['fresh'];
		return $result;
	}

	/**
	 * The strong ETag of a contract body, as the REST route and the Node gateway send it.
	 *
	 * @param string $body The JSON bytes.
	 * @return string
	 */
	public static function etag( $body ) {
		return '"' . rtrim( strtr( base64_encode( sha1( $body, true ) ), '+/', '-_' ), '=' ) . '"'; // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.obfuscation_base64_encode -- an ETag, as the Node gateway makes it.
	}

	/**
	 * An ISO 8601 UTC time.
	 *
	 * @param int $time Unix time.
	 * @return string
	 */
	public static function iso( $time ) {
		return gmdate( 'Y-m-d\TH:i:s\Z', (int) $time );
	}

	/**
	 * Seconds an answer stays fresh from now.
	 *
	 * @param array $answer With `fetched` and `fresh`.
	 * @return int
	 */
	public static function remaining( array $answer ) {
		if ( null === $answer['fetched'] ) {
			return 0;
		}
		return max( 0, (int) $answer['fetched'] + (int) $answer['fresh'] - time() );
	}

	/**
	 * The data block's attributes for an answer: its URL, when its data was fetched, how long it is fresh, its ETag.
	 *
	 * @param string $url    The URL the element requests.
	 * @param array  $answer The answer, with its age.
	 * @param string $etag   The REST route's ETag of that answer.
	 * @return string Escaped attributes, each with a leading space.
	 */
	public static function block_attributes( $url, array $answer, $etag ) {
		$attributes = ' data-merchant-url="' . esc_attr( $url ) . '"';
		if ( null !== $answer['fetched'] ) {
			$attributes .= ' data-merchant-fetched="' . esc_attr( self::iso( $answer['fetched'] ) ) . '"';
			$attributes .= ' data-merchant-fresh="' . esc_attr( (string) (int) $answer['fresh'] ) . '"';
		}
		return $attributes . ' data-merchant-etag="' . esc_attr( $etag ) . '"';
	}
}
