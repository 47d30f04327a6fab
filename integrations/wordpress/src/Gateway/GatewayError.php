<?php // phpcs:disable WordPress.Files.FileName, WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedNamespaceFound -- PSR-4: MerchantElements\X\Y is src/X/Y.php (src/autoload.php); MerchantElements is the plugin's prefix.
/**
 * The gateway's typed error (src/gateway/errors.ts): every failure is one of these, answered as the error resource
 * `{error, message, status_code}`. Messages are written here, never copied from a URL.
 *
 * @package MerchantElements
 */

namespace MerchantElements\Gateway;

defined( 'ABSPATH' ) || exit;

/**
 * A gateway error: HTTP status, machine code, message, and Retry-After seconds for 429 and 503.
 */
class GatewayError extends \Exception {

	/**
	 * HTTP status of the answer.
	 *
	 * @var int
	 */
	public $status;

	/**
	 * Short machine name, e.g. INVALID_PARAMETER.
	 *
	 * @var string
	 */
	public $error_code;

	/**
	 * Seconds, for 429 and 503; null otherwise.
	 *
	 * @var int|float|null
	 */
	public $retry_after;

	/**
	 * Constructor.
	 *
	 * @param int            $status      HTTP status.
	 * @param string         $code        Machine name.
	 * @param string         $message     A sentence a person can act on.
	 * @param int|float|null $retry_after Seconds, for 429 and 503.
	 */
	public function __construct( $status, $code, $message, $retry_after = null ) {
		parent::__construct( $message );
		$this->status      = (int) $status;
		$this->error_code  = $code;
		$this->retry_after = $retry_after;
	}

	/**
	 * The error resource.
	 *
	 * @return array
	 */
	public function to_resource() {
		return array(
			'error'       => $this->error_code,
			'message'     => $this->getMessage(),
			'status_code' => $this->status,
		);
	}

	/**
	 * Upstream failures may be answered from a stale copy; the caller's own mistakes never are.
	 *
	 * @return bool
	 */
	public function is_upstream_failure() {
		return $this->status >= 500;
	}

	/**
	 * The 400 for a parameter (errors.ts invalidParameter).
	 *
	 * @param string $name   Parameter name.
	 * @param string $detail What is wrong, completing `Parameter "name" ...`.
	 * @return GatewayError
	 */
	public static function invalid_parameter( $name, $detail ) {
		return new GatewayError( 400, 'INVALID_PARAMETER', 'Parameter "' . $name . '" ' . $detail . '.' );
	}

	/**
	 * Anything that is not a GatewayError (a bug) becomes a 500 without its text (errors.ts toGatewayError).
	 *
	 * @param mixed $error What was thrown.
	 * @return GatewayError
	 */
	public static function from( $error ) {
		if ( $error instanceof GatewayError ) {
			return $error;
		}
		return new GatewayError( 500, 'INTERNAL_ERROR', 'The gateway failed to handle this request.' );
	}
}
