/**
 * The editor side of the blocks: one per element, from the table in blocks-data.js (generated at build time from
 * the elements' manifest, like the PHP side's elements.json). Each block shows its options in the sidebar and a
 * live preview rendered by the server (the same markup the page gets), and saves nothing but its attributes.
 * Plain script over the editor's globals (no build step), as WordPress 6.1 loads it.
 */
(function (wp, blocks) {
  'use strict';

  if (!wp || !blocks) {
    return;
  }
  var el = wp.element.createElement;
  var __ = wp.i18n.__;
  var blockEditor = wp.blockEditor;
  var components = wp.components;
  var ServerSideRender = wp.serverSideRender;

  /** The site's default for a page default (the settings, printed as the page-defaults meta tag). */
  function siteDefault(key) {
    var meta = document.querySelector('meta[name="merchant-elements"]');
    var pairs = (meta && meta.content ? meta.content : '').split(';');
    for (var i = 0; i < pairs.length; i++) {
      var at = pairs[i].indexOf('=');
      if (at > 0 && pairs[i].slice(0, at).trim() === key) {
        return pairs[i].slice(at + 1).trim();
      }
    }
    return '';
  }

  /**
   * The location: a search-as-you-type list of places from the directory (the plugin's REST route asks the gateway's
   * GET /v1/directory, or the site's own table), usable by keyboard (arrows, Enter, Escape), storing the id as the
   * text field did. While the directory is first built, it says how far and asks again.
   */
  function LocationPicker(props) {
    var useState = wp.element.useState;
    var useEffect = wp.element.useEffect;
    var queryState = useState('');
    var optionsState = useState([]);
    var noteState = useState('');
    var query = queryState[0];
    var value = props.value || '';
    var known = optionsState[0];
    useEffect(
      function () {
        var words = query.trim();
        if (words.length < 2) {
          return undefined;
        }
        var cancelled = false;
        var retry = 0;
        var ask = function () {
          wp.apiFetch({ path: '/merchant-elements/editor/places?limit=10&q=' + encodeURIComponent(words.slice(0, 200)) }).then(
            function (body) {
              if (cancelled) return;
              noteState[1](body.results.length ? '' : __('No place matches. Try a city, a cuisine or a shorter name.', 'merchant-elements'));
              optionsState[1](
                body.results.map(function (place) {
                  var where = [place.address, place.city].filter(Boolean).join(', ');
                  return { value: place.id, label: place.name + (where ? ' — ' + where : '') };
                }),
              );
            },
            function (error) {
              if (cancelled) return;
              noteState[1]((error && error.message) || __('The search failed.', 'merchant-elements'));
              if (error && error.error === 'DIRECTORY_BUILDING') {
                retry = setTimeout(ask, 3000);
              }
            },
          );
        };
        var timer = setTimeout(ask, 200);
        return function () {
          cancelled = true;
          clearTimeout(timer);
          clearTimeout(retry);
        };
      },
      [query],
    );
    var options = known.some(function (option) {
      return option.value === value;
    })
      ? known
      : value
        ? known.concat([{ value: value, label: value }])
        : known;
    var fallback = siteDefault('location-id');
    var help = [props.spec.description, noteState[0], !value && fallback ? __('Site default:', 'merchant-elements') + ' ' + fallback : '']
      .filter(Boolean)
      .join(' ');
    return el(components.ComboboxControl, {
      label: props.spec.label,
      help: help || undefined,
      value: value,
      options: options,
      onFilterValueChange: queryState[1],
      onChange: function (next) {
        props.onChange(next || '');
      },
    });
  }

  /** The sidebar control of one attribute. */
  function control(name, spec, props) {
    var value = props.attributes[name];
    var set = function (next) {
      var change = {};
      change[name] = next;
      props.setAttributes(change);
    };
    var common = { key: name, label: spec.label, help: spec.description || undefined };
    if (spec.kind === 'boolean') {
      return el(components.ToggleControl, Object.assign(common, { checked: Boolean(value), onChange: set }));
    }
    if (spec.kind === 'choice') {
      var words = spec.valueLabels || {};
      var fallback = spec.default ? words[spec.default] || spec.default : words[''];
      var options = [{ label: __('Default', 'merchant-elements') + (fallback ? ' (' + fallback + ')' : ''), value: '' }].concat(
        spec.values.map(function (v) {
          return { label: words[v] || v, value: v };
        }),
      );
      return el(components.SelectControl, Object.assign(common, { value: value || '', options: options, onChange: set }));
    }
    if (name === 'location-id' && components.ComboboxControl && wp.apiFetch) {
      return el(LocationPicker, { key: name, spec: spec, value: value, onChange: set });
    }
    var placeholder = name === 'location-id' ? siteDefault('location-id') : spec.default || '';
    return el(
      components.TextControl,
      Object.assign(common, {
        type: spec.kind === 'number' ? 'number' : 'text',
        value: value === undefined || value === null ? '' : String(value),
        placeholder: placeholder,
        onChange: set,
      }),
    );
  }

  Object.keys(blocks).forEach(function (name) {
    var block = blocks[name];
    var isProvider = block.tag === 'merchant-provider';
    // The same block.json the server registered (blocks/<name>/block.json), plus how to edit and save it.
    wp.blocks.registerBlockType(name, {
      apiVersion: block.metadata.apiVersion,
      title: block.metadata.title,
      description: block.metadata.description,
      category: block.metadata.category,
      icon: block.metadata.icon,
      attributes: block.metadata.attributes,
      supports: block.metadata.supports,
      edit: function (props) {
        var blockProps = blockEditor.useBlockProps();
        var sidebar = el(
          blockEditor.InspectorControls,
          { key: 'sidebar' },
          el(
            components.PanelBody,
            { title: __('Options', 'merchant-elements'), initialOpen: true },
            Object.keys(block.attributes).map(function (attribute) {
              return control(attribute, block.attributes[attribute], props);
            }),
          ),
        );
        var body = isProvider
          ? el(blockEditor.InnerBlocks, {
              allowedBlocks: Object.keys(blocks).filter(function (other) {
                return other !== name;
              }),
            })
          : el(ServerSideRender, { block: name, attributes: props.attributes });
        return el('div', blockProps, sidebar, body);
      },
      save: function () {
        return isProvider ? el(blockEditor.InnerBlocks.Content) : null;
      },
    });
  });
})(window.wp, window.merchantElementsBlocks);
