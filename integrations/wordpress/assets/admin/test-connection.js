/**
 * Settings › Merchant Elements: shows the fields of the way chosen (this site fetches the data itself, or a
 * gateway), and Test connection, which reads the form as it is now, saved or not, and says in plain words what is
 * wrong:
 * - this site: the site checks the credentials against the data provider (POST …/merchant-elements/admin/check) and
 *   answers with the place's name and address;
 * - a gateway: asks it from this browser (as the elements will) whether it answers, whether it lets this site use it
 *   (CORS), whether it knows the default location, and whether its place directory finds that location by name
 *   (or is still being built, or the gateway keeps none).
 */
(function () {
  'use strict';

  var button = document.getElementById('merchant-elements-test');
  var result = document.getElementById('merchant-elements-test-result');
  var strings = document.getElementById('merchant-elements-test-strings');
  if (!button || !result || !strings) {
    return;
  }

  /** Says a string of the page's, its %s (or %1$s, %2$s) replaced by the values in order. */
  function say(key) {
    var values = Array.prototype.slice.call(arguments, 1);
    var text =
      strings.getAttribute(
        'data-' +
          key.replace(/[A-Z]/g, function (c) {
            return '-' + c.toLowerCase();
          }),
      ) || '';
    values.forEach(function (value, i) {
      text = text.indexOf('%' + (i + 1) + '$s') >= 0 ? text.replace('%' + (i + 1) + '$s', value) : text.replace('%s', value);
    });
    result.textContent = text;
  }

  /**
   * The default location in the gateway's place directory (GET /v1/directory), searched by its name as a person
   * would search it: found there (its name and address), not listed, the directory still being built (how far), or
   * a gateway that keeps none (501). Anything else says what the location route said.
   */
  function sayWithDirectory(endpoint, locationId, name) {
    var search = endpoint + '/v1/directory?limit=50&q=' + encodeURIComponent(name);
    return fetch(search, { credentials: 'omit' })
      .then(function (response) {
        return response.json().then(function (body) {
          if (response.ok && body && Array.isArray(body.results)) {
            var entry = body.results.filter(function (candidate) {
              return candidate && candidate.id === locationId;
            })[0];
            if (entry) {
              say('listed', [entry.name, entry.address, entry.city].filter(Boolean).join(', '));
            } else {
              say('unlisted', name);
            }
          } else if (response.status === 503 && body && body.error === 'DIRECTORY_BUILDING') {
            say('building', name, ((body.progress && body.progress.read) || 0).toLocaleString());
          } else if (response.status === 501) {
            say('noDirectory', name);
          } else {
            say('found', name);
          }
        });
      })
      .catch(function () {
        say('found', name);
      });
  }

  function field(id) {
    var input = document.getElementById(id);
    return input ? input.value.trim() : '';
  }

  /** Whether anything answers at the URL, without asking for CORS (an opaque answer still proves it is there). */
  function answersAtAll(url) {
    return fetch(url, { mode: 'no-cors', credentials: 'omit' }).then(
      function () {
        return true;
      },
      function () {
        return false;
      },
    );
  }

  function source() {
    var checked = document.querySelector('input[name="merchant_elements_source"]:checked');
    return checked ? checked.value : 'self';
  }

  /** Only the rows of the way chosen are shown. */
  function showFields() {
    var chosen = source();
    document.querySelectorAll('tr.merchant-elements-self, tr.merchant-elements-gateway').forEach(function (row) {
      row.hidden = !row.classList.contains('merchant-elements-' + chosen);
    });
  }

  function testSelf() {
    var body = {
      client_id: field('merchant_elements_client_id'),
      signing_key: field('merchant_elements_signing_key'),
      actions_url: field('merchant_elements_actions_url'),
      publisher_url: field('merchant_elements_publisher_url'),
      location_id: field('merchant_elements_location_id'),
    };
    say('testing');
    fetch(strings.getAttribute('data-check-url'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-wp-nonce': strings.getAttribute('data-nonce') },
      body: JSON.stringify(body),
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (!response.ok || !answer || typeof answer.message !== 'string') {
            say('selfFailed');
            return;
          }
          result.textContent = answer.message;
        });
      })
      .catch(function () {
        say('selfFailed');
      });
  }

  function test() {
    if (source() === 'self') {
      testSelf();
      return;
    }
    var endpoint = field('merchant_elements_endpoint').replace(/\/+$/, '');
    var locationId = field('merchant_elements_location_id');
    if (!endpoint) {
      say('noEndpoint');
      return;
    }
    if (!/^https?:\/\/[^/]+/i.test(endpoint)) {
      say('badEndpoint');
      return;
    }
    say('testing');
    fetch(endpoint + '/healthz', { credentials: 'omit' })
      .then(function (response) {
        if (!response.ok) {
          say('notGateway', String(response.status));
          return;
        }
        if (!locationId) {
          say('connected');
          return;
        }
        return fetch(endpoint + '/v1/locations/' + encodeURIComponent(locationId), { credentials: 'omit' }).then(function (located) {
          return located.json().then(function (body) {
            if (located.ok && body && body.location) {
              return sayWithDirectory(endpoint, locationId, body.location.name);
            } else if (located.status === 404 && body && body.error === 'LOCATION_DOES_NOT_EXIST') {
              say('unknown', locationId);
            } else {
              say('failed', (body && body.message) || String(located.status));
            }
          });
        });
      })
      .catch(function () {
        // A refused CORS request and an unreachable host look the same to a page; a no-cors request tells them apart.
        answersAtAll(endpoint + '/healthz').then(function (there) {
          if (there) {
            say('cors', window.location.origin);
          } else {
            say('unreachable');
          }
        });
      });
  }

  button.addEventListener('click', test);
  document.querySelectorAll('input[name="merchant_elements_source"]').forEach(function (radio) {
    radio.addEventListener('change', showFields);
  });
  showFields();
})();
