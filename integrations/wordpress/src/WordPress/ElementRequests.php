<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * ElementRequests.
 *
 * @package MerchantElements
 */

namespace MerchantElements\WordPress;

use MerchantElements\Gateway\Contract;
use MerchantElements\Gateway\Js;

defined( 'ABSPATH' ) || exit;

/**
 * What an element requests for given attributes, read from generated/requests.json: the rule the build worked out
 * from the elements themselves (scripts/wordpress-requests.ts loads each element with probe attributes and records
 * its requests), so a filter added to an element reaches the page data without touching PHP. Needs no WordPress.
 *
 * The table, per element: cases, first match wins ("these attributes set", "this attribute has this value", or the
 * default), each with its requests: a route name, the path parameters that are the location in effect, and the query
 * in the element's order, each parameter a constant or an attribute (as written, as a number, or a flag).
 */
final class ElementRequests {

	/**
	 * An element's requests, each `array( route name, path parameters, query )`: none for a request that needs a
	 * location when there is none.
	 *
	 * @param string                $tag      The element's tag.
	 * @param array<string, string> $values   Its attributes, checked (a boolean that is on: '').
	 * @param string                $location The location id in effect ('' for none).
	 * @return array<int, array{0: string, 1: array<string, string>, 2: array<string, string>}>
	 */
	public static function of( $tag, array $values, $location ) {
		$table = Contract::generated( 'requests.json' )['elements'];
		foreach ( isset( $table[ $tag ] ) ? $table[ $tag ] : array() as $case ) {
			if ( self::holds( $case, $values ) ) {
				return self::requests( $case['requests'], $values, (string) $location );
			}
		}
		return array();
	}

	/**
	 * Whether a case holds for these attributes.
	 *
	 * @param array                 $rule   The case.
	 * @param array<string, string> $values The attributes.
	 * @return bool
	 */
	private static function holds( array $rule, array $values ) {
		foreach ( isset( $rule['set'] ) ? $rule['set'] : array() as $name ) {
			if ( ! isset( $values[ $name ] ) ) {
				return false;
			}
		}
		if ( isset( $rule['equals'] ) ) {
			list( $name, $value ) = $rule['equals'];
			return isset( $values[ $name ] ) && $value === $values[ $name ];
		}
		return true;
	}

	/**
	 * A case's requests for these attributes.
	 *
	 * @param array                 $rules    The case's requests.
	 * @param array<string, string> $values   The attributes.
	 * @param string                $location The location in effect.
	 * @return array
	 */
	private static function requests( array $rules, array $values, $location ) {
		$requests = array();
		foreach ( $rules as $rule ) {
			if ( $rule['location'] && '' === $location ) {
				continue;
			}
			$query = array();
			foreach ( $rule['query'] as $parameter ) {
				list( $name, $source ) = $parameter;
				$value                 = self::value( $source, $values );
				if ( null !== $value ) {
					$query[ $name ] = $value;
				}
			}
			$requests[] = array( $rule['route'], array_fill_keys( $rule['location'], $location ), $query );
		}
		return $requests;
	}

	/**
	 * One query parameter's value, or null when the element leaves it out.
	 *
	 * @param array                 $source Where it comes from (a constant, an attribute).
	 * @param array<string, string> $values The attributes.
	 * @return string|null
	 */
	private static function value( array $source, array $values ) {
		if ( isset( $source['value'] ) ) {
			return $source['value'];
		}
		if ( ! isset( $values[ $source['attribute'] ] ) ) {
			return null;
		}
		if ( isset( $source['present'] ) ) {
			return $source['present'];
		}
		$written = $values[ $source['attribute'] ];
		if ( '' === $written ) {
			return isset( $source['bare'] ) ? $source['bare'] : null;
		}
		return empty( $source['number'] ) ? $written : self::number( $written );
	}

	/**
	 * A number attribute as the element writes it back: JavaScript's String(Number(text)), so "40.71280" is "40.7128"
	 * and text that is not a number "NaN" (which the gateway refuses, so the element's own request fails alike).
	 *
	 * @param string $written The attribute as written.
	 * @return string
	 */
	private static function number( $written ) {
		return Js::string( Js::number_from_text( Js::trim( $written ) ) );
	}
}
