/**
 * Settings › Merchant Elements › Test connection: asks the gateway, from this browser (as the elements will),
 * whether it answers, whether it lets this site use it (CORS), and whether it knows the default location; then
 * says what is wrong in plain words. Reads the form as it is now, saved or not.
 */
( function () {
	'use strict';

	var button = document.getElementById( 'merchant-elements-test' );
	var result = document.getElementById( 'merchant-elements-test-result' );
	var strings = document.getElementById( 'merchant-elements-test-strings' );
	if ( ! button || ! result || ! strings ) {
		return;
	}

	function say( key, value ) {
		var text = strings.getAttribute( 'data-' + key.replace( /[A-Z]/g, function ( c ) { return '-' + c.toLowerCase(); } ) ) || '';
		result.textContent = value === undefined ? text : text.replace( '%s', value );
	}

	function field( id ) {
		var input = document.getElementById( id );
		return input ? input.value.trim() : '';
	}

	/** Whether anything answers at the URL, without asking for CORS (an opaque answer still proves it is there). */
	function answersAtAll( url ) {
		return fetch( url, { mode: 'no-cors', credentials: 'omit' } ).then(
			function () { return true; },
			function () { return false; }
		);
	}

	function test() {
		var endpoint = field( 'merchant_elements_endpoint' ).replace( /\/+$/, '' );
		var locationId = field( 'merchant_elements_location_id' );
		if ( ! endpoint ) {
			say( 'noEndpoint' );
			return;
		}
		if ( ! /^https?:\/\/[^/]+/i.test( endpoint ) ) {
			say( 'badEndpoint' );
			return;
		}
		say( 'testing' );
		fetch( endpoint + '/healthz', { credentials: 'omit' } )
			.then( function ( response ) {
				if ( ! response.ok ) {
					say( 'notGateway', String( response.status ) );
					return;
				}
				if ( ! locationId ) {
					say( 'connected' );
					return;
				}
				return fetch( endpoint + '/v1/locations/' + encodeURIComponent( locationId ), { credentials: 'omit' } ).then( function ( located ) {
					return located.json().then( function ( body ) {
						if ( located.ok && body && body.location ) {
							say( 'found', body.location.name );
						} else if ( located.status === 404 && body && body.error === 'LOCATION_DOES_NOT_EXIST' ) {
							say( 'unknown', locationId );
						} else {
							say( 'failed', ( body && body.message ) || String( located.status ) );
						}
					} );
				} );
			} )
			.catch( function () {
				// A refused CORS request and an unreachable host look the same to a page; a no-cors request tells them apart.
				answersAtAll( endpoint + '/healthz' ).then( function ( there ) {
					if ( there ) {
						say( 'cors', window.location.origin );
					} else {
						say( 'unreachable' );
					}
				} );
			} );
	}

	button.addEventListener( 'click', test );
}() );
