/**
 * Settings › Merchant Elements: the default location found by name. The field keeps taking an id; as a person types
 * a name, a street, a city or a cuisine, the browser's own suggestion list (a datalist: arrows, Enter, Escape) offers
 * the places the directory finds (the plugin's REST route: the gateway's directory, or the site's own table), each
 * suggestion's value being the place's id. Text only: names are set as text, never as markup.
 */
(function (wp) {
  'use strict';

  var field = document.getElementById('merchant_elements_location_id');
  if (!field || !wp || !wp.apiFetch) {
    return;
  }
  var list = document.createElement('datalist');
  list.id = 'merchant-elements-places';
  field.setAttribute('list', list.id);
  field.setAttribute('autocomplete', 'off');
  field.after(list);

  var timer = 0;
  var asked = '';
  function search() {
    var words = field.value.trim();
    // An id as it is (letters, digits, dashes) is searched too: a person may type the start of a name that way.
    if (words.length < 2 || words === asked) {
      return;
    }
    asked = words;
    wp.apiFetch({ path: '/merchant-elements/editor/places?limit=10&q=' + encodeURIComponent(words.slice(0, 200)) }).then(
      function (body) {
        if (asked !== words) return;
        list.replaceChildren.apply(
          list,
          body.results.map(function (place) {
            var option = document.createElement('option');
            option.value = place.id;
            option.textContent = [place.name, [place.address, place.city].filter(Boolean).join(', ')].filter(Boolean).join(' — ');
            return option;
          }),
        );
      },
      function () {
        // Nothing to suggest (the directory is being built, or the gateway is not set yet): the field still takes an id.
        list.replaceChildren();
      },
    );
  }
  field.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(search, 200);
  });
})(window.wp);
