<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * RequestParams.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.Security.EscapeOutput.ExceptionNotEscaped -- a GatewayError's message ends in a JSON error resource {error, message, status_code} (wp_json_encode), never in HTML; messages are written here, never copied from a URL.

/**
 * Reads a request's path and query parameters as its route declares them: a port of src/gateway/request-params.ts
 * over routes.json, which the build generates from src/contract/routes.ts (the declarations are written once).
 */
final class RequestParams {

	/**
	 * A location id from a path, or the 400.
	 *
	 * @param mixed $value The raw id.
	 * @return string
	 * @throws GatewayError When it is not a location id.
	 */
	public static function read_location_id( $value ) {
		$contract = Contract::get();
		if ( ! is_string( $value ) || '' === $value || ! preg_match( '/' . $contract['locationIdPattern'] . '/D', $value ) ) {
			throw GatewayError::invalid_parameter( 'id', 'must be a location id (letters, digits, and . _ ~ -, at most 128 characters)' );
		}
		return $value;
	}

	/**
	 * The route's parameters, canonical (absent optional values are null), or the 400 naming the parameter.
	 *
	 * @param string $route_name A route's name (location, menus, photos, actions, location_nearby, nearby, page).
	 * @param array  $path       Path parameters (`id`).
	 * @param array  $query      Query parameters, decoded; a list value counts as its first item.
	 * @return array
	 * @throws GatewayError On a bad parameter.
	 * @throws \InvalidArgumentException On an unknown route name.
	 */
	public static function read_params( $route_name, array $path, array $query ) {
		$contract = Contract::get();
		if ( ! isset( $contract['routes'][ $route_name ] ) ) {
			throw new \InvalidArgumentException( 'Unknown route: ' . $route_name );
		}
		$route    = $contract['routes'][ $route_name ];
		$declared = array_keys( $route['query'] );
		foreach ( array_keys( $query ) as $name ) {
			$name = (string) $name;
			if ( ! array_key_exists( $name, $route['query'] ) ) {
				throw GatewayError::invalid_parameter( $name, $declared ? 'is not a parameter of this endpoint (known: ' . implode( ', ', $declared ) . ')' : 'is not a parameter of this endpoint (it takes none)' );
			}
		}
		$params = array();
		foreach ( $route['query'] as $name => $spec ) {
			$raw = isset( $query[ $name ] ) ? $query[ $name ] : null;
			if ( is_array( $raw ) ) {
				$raw = $raw ? reset( $raw ) : null;
			}
			$params[ $name ] = self::read_param( $name, $spec, null === $raw ? null : (string) $raw );
		}
		if ( false !== strpos( $route['path'], '{id}' ) ) {
			$params['id'] = self::read_location_id( isset( $path['id'] ) ? $path['id'] : null );
		}
		return $params;
	}

	/**
	 * One parameter by its declared kind.
	 *
	 * @param string      $name Parameter name.
	 * @param array       $spec Its declaration.
	 * @param string|null $raw  Its value, null when absent.
	 * @return mixed
	 * @throws GatewayError On a bad value.
	 * @throws \InvalidArgumentException On a kind routes.json does not declare.
	 */
	public static function read_param( $name, array $spec, $raw ) {
		$contract = Contract::get();
		switch ( $spec['kind'] ) {
			case 'enum':
				if ( null === $raw || '' === $raw ) {
					return isset( $spec['fallback'] ) ? $spec['fallback'] : null;
				}
				$value = Js::lower( $raw );
				if ( ! in_array( $value, $spec['values'], true ) ) {
					$values = $spec['values'];
					$detail = 2 === count( $values ) ? 'must be ' . $values[0] . ' or ' . $values[1] : 'must be one of ' . implode( ', ', $values );
					throw GatewayError::invalid_parameter( $name, $detail );
				}
				return $value;

			case 'integer':
				if ( null === $raw || '' === $raw ) {
					return null;
				}
				if ( ! preg_match( '/^\d{1,9}$/D', $raw ) || (int) $raw < $spec['min'] ) {
					throw GatewayError::invalid_parameter( $name, 'must be a whole number of at least ' . $spec['min'] );
				}
				if ( (int) $raw > $spec['max'] ) {
					if ( isset( $spec['tooLarge'] ) ) {
						throw new GatewayError( 400, $spec['tooLarge'], ucfirst( $name ) . ' ' . $raw . ' is larger than the maximum of ' . $spec['max'] . '.' );
					}
					throw GatewayError::invalid_parameter( $name, 'must be at most ' . $spec['max'] );
				}
				return (int) $raw;

			case 'number':
				if ( null === $raw || '' === $raw ) {
					if ( ! empty( $spec['required'] ) ) {
						throw GatewayError::invalid_parameter( $name, 'is required' );
					}
					return null;
				}
				$trimmed = Js::trim( $raw );
				$value   = preg_match( '/^[-+]?(\d+\.?\d*|\.\d+)$/D', $trimmed ) ? (float) $trimmed + 0.0 : NAN;
				if ( ! is_finite( $value ) || $value < $spec['min'] || $value > $spec['max'] ) {
					throw GatewayError::invalid_parameter( $name, 'must be a number from ' . Js::string( $spec['min'] ) . ' to ' . Js::string( $spec['max'] ) );
				}
				return $value;

			case 'boolean':
				$value = self::read_boolean( $name, $raw );
				if ( null === $value && isset( $spec['fallback'] ) ) {
					return $spec['fallback'];
				}
				return $value;

			case 'names':
				if ( null === $raw ) {
					return null;
				}
				$items = array();
				foreach ( explode( ',', $raw ) as $item ) {
					$item = Js::trim( $item );
					if ( '' !== $item ) {
						$items[] = $item;
					}
				}
				foreach ( $items as $item ) {
					if ( Js::length( $item ) > 100 ) {
						throw GatewayError::invalid_parameter( $name, 'must be a comma-separated list of at most 20 names' );
					}
				}
				if ( count( $items ) > 20 ) {
					throw GatewayError::invalid_parameter( $name, 'must be a comma-separated list of at most 20 names' );
				}
				if ( ! $items ) {
					return null;
				}
				$unique = array_values( array_unique( $items, SORT_STRING ) );
				usort( $unique, array( Js::class, 'compare_strings' ) );
				return $unique;

			case 'action-type':
				if ( null === $raw || '' === $raw ) {
					return null;
				}
				$type = self::parse_action_type( $raw );
				if ( null === $type ) {
					throw GatewayError::invalid_parameter( $name, 'must be an action type name (foodordering, deal, ...) or its numeric id 1-10' );
				}
				return $type;

			case 'page-parts':
				if ( null === $raw ) {
					return $contract['pageParts'];
				}
				$parts = array();
				foreach ( explode( ',', $raw ) as $part ) {
					$part = Js::lower( Js::trim( $part ) );
					if ( '' !== $part ) {
						$parts[] = $part;
					}
				}
				if ( ! $parts || array_diff( $parts, $contract['pageParts'] ) ) {
					throw GatewayError::invalid_parameter( $name, 'must list parts from ' . implode( ', ', $contract['pageParts'] ) );
				}
				return array_values( array_intersect( $contract['pageParts'], $parts ) );

			case 'text':
				// Free text, trimmed; longer than the route allows is refused (the directory's q and cursor).
				$value = null === $raw ? '' : Js::trim( $raw );
				if ( '' === $value ) {
					return null;
				}
				if ( mb_strlen( $value, 'UTF-8' ) > $spec['maxLength'] ) {
					throw GatewayError::invalid_parameter( $name, 'must be at most ' . $spec['maxLength'] . ' characters' );
				}
				return $value;
		}
		throw new \InvalidArgumentException( 'Unknown parameter kind: ' . $spec['kind'] );
	}

	/**
	 * A boolean parameter: true/false or 1/0, case-insensitive; null when absent or empty.
	 *
	 * @param string      $name Parameter name.
	 * @param string|null $raw  Its value.
	 * @return bool|null
	 * @throws GatewayError On anything else.
	 */
	public static function read_boolean( $name, $raw ) {
		if ( null === $raw || '' === $raw ) {
			return null;
		}
		$value = Js::lower( $raw );
		if ( 'true' === $value || '1' === $value ) {
			return true;
		}
		if ( 'false' === $value || '0' === $value ) {
			return false;
		}
		throw GatewayError::invalid_parameter( $name, 'must be true or false' );
	}

	/**
	 * An action type by name or numeric id 1-10 (contract parseActionType); null when neither.
	 *
	 * @param mixed $value Text.
	 * @return string|null
	 */
	public static function parse_action_type( $value ) {
		if ( ! is_string( $value ) ) {
			return null;
		}
		$types = Contract::get()['actionTypes'];
		$text  = Js::lower( Js::trim( $value ) );
		if ( in_array( $text, $types, true ) ) {
			return $text;
		}
		if ( preg_match( '/^\d+$/D', $text ) ) {
			$number = ltrim( $text, '0' );
			if ( '' !== $number && strlen( $number ) <= 3 && isset( $types[ (int) $number - 1 ] ) ) {
				return $types[ (int) $number - 1 ];
			}
		}
		return null;
	}

	/**
	 * The Actions API's numeric id of a type.
	 *
	 * @param string $type An action type.
	 * @return int
	 */
	public static function action_type_id( $type ) {
		return array_search( $type, Contract::get()['actionTypes'], true ) + 1;
	}
}
