<?php
/**
 * Contract.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

/**
 * Reads a request's path and query parameters as its route declares them: a port of src/gateway/request-params.ts
 * over routes.json, which the build generates from src/contract/routes.ts (the declarations are written once).
 */
final class Contract {

	/**
	 * The contract's route table (routes.json): routes, limits, the location id pattern, page parts, types.
	 *
	 * @return array
	 */
	public static function get() {
		static $contract = null;
		if ( null === $contract ) {
			$contract = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/generated/routes.json' ), true );
			if ( ! is_array( $contract ) ) {
				throw new \RuntimeException( 'generated/routes.json is missing or unreadable: build the plugin (npm run build).' );
			}
		}
		return $contract;
	}
}
