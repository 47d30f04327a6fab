// The snippet configurator: pick a sandbox location, an element and its options; see it live; copy the
// snippet (script tag + element) with one click. Plain module, no build step, no inline code: the page
// runs under the same strict CSP and Trusted Types policy as any merchant page (DOM is built with
// createElement/textContent only, never innerHTML).
//
// Elements and their options come from the custom elements manifest (dist/custom-elements.json), read by
// element-options.js (shared with the WordPress plugin's build), so a new element or attribute shows up here
// without touching this file.

import { ELEMENT_TITLES, defaultOf, elementsOf, optionAttributes, optionKind, optionWords } from './element-options.js';

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const state = {
  /** @type {{endpoint: string, scriptUrl: string, classicScriptUrl: string, manifestUrl: string, featured: any}} */
  config: /** @type {any} */ (null),
  /** @type {any[]} */ elements: [],
  /** @type {any} */ location: null,
  /** @type {any} */ element: null,
  /** @type {Record<string, string | boolean>} */ values: {},
  classic: false,
  builder: 'html',
};

/**
 * The website builders, in the words their users know, with what to paste and where. `shortcode`: the snippet is the
 * WordPress plugin's shortcode (the plugin prints the script and knows the gateway); otherwise it is HTML. Longer
 * recipes (plans, other builders) are in docs/cms.md.
 */
const BUILDERS = [
  {
    id: 'wordpress', name: 'WordPress', shortcode: true,
    steps: (endpoint) => [
      'Install the Merchant Elements plugin: Plugins › Add New › Upload Plugin, choose merchant-elements.zip, then Activate.',
      `In Settings › Merchant Elements, enter the gateway address ${endpoint} and press Test connection.`,
      'In your page, add a Shortcode block and paste this. (Or use the blocks in the Merchant category.)',
    ],
  },
  {
    id: 'squarespace', name: 'Squarespace',
    steps: () => ['Edit the page, add a Code block where it should appear, and paste this.', 'Code blocks with scripts need a plan above Personal.'],
  },
  {
    id: 'wix', name: 'Wix',
    steps: () => ['Add › Embed Code › Embed HTML is not enough on Wix (it runs in a frame): use Settings › Custom Code for the first line, in the Head, on all pages.', 'Then Add › Embed Code › Custom Element for the rest, with the tag name and attributes shown. This needs a Premium plan and your own domain.'],
  },
  {
    id: 'shopify', name: 'Shopify',
    steps: () => ['Online Store › Themes › Customize: add a Custom Liquid section where it should appear, and paste this.'],
  },
  {
    id: 'webflow', name: 'Webflow',
    steps: () => ['In the Designer, Add › Code Embed where it should appear, paste this, then publish (the canvas does not run it). Needs a paid site plan.'],
  },
  {
    id: 'html', name: 'Another website (HTML)',
    steps: () => ['Paste this into your page’s HTML where it should appear. Put the first line once per page.'],
  },
];

async function getJSON(url, signal) {
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'text') node.textContent = String(value);
    else if (key === 'on') for (const [type, fn] of Object.entries(value)) node.addEventListener(type, fn);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  node.append(...children.filter(Boolean));
  return node;
}

// ---- rendering --------------------------------------------------------------------------------

function renderOptions() {
  const container = $('options');
  const tag = state.element?.tagName ?? '';
  const attributes = optionAttributes(state.element ?? {});
  state.values = {};
  container.replaceChildren(
    ...attributes.map((attribute) => {
      const kind = optionKind(attribute);
      const words = optionWords(attribute, tag);
      const id = `opt-${attribute.name}`;
      const fallback = defaultOf(attribute, kind);
      state.values[attribute.name] = fallback;
      const hint = words.help ? el('p', { class: 'hint', id: `${id}-hint`, text: words.help }) : null;
      const describedby = hint ? `${id}-hint` : undefined;
      const update = (value) => {
        state.values[attribute.name] = value;
        render();
      };
      if (kind.kind === 'boolean') {
        const input = el('input', { id, type: 'checkbox', 'aria-describedby': describedby, on: { change: () => update(input.checked) } });
        input.checked = Boolean(fallback);
        return el('div', { class: 'option' }, el('label', { class: 'check', for: id }, input, el('span', { text: words.label })), hint);
      }
      if (attribute.name === 'theme') return themePicker(attribute, kind, words, fallback, update);
      let input;
      if (kind.kind === 'choice') {
        input = el('select', { id, 'aria-describedby': describedby, on: { change: () => update(input.value) } },
          ...kind.values.map((value) => el('option', { value, text: words.valueLabel(value) })));
        input.value = fallback || kind.values[0];
      } else {
        input = el('input', { id, type: kind.kind === 'number' ? 'number' : 'text', 'aria-describedby': describedby, on: { input: () => update(input.value.trim()) } });
        input.value = fallback;
      }
      return el('div', { class: 'option' }, el('label', { for: id, text: words.label }), input, hint);
    }),
  );
  if (!attributes.length) container.replaceChildren(el('p', { class: 'hint', text: 'Nothing to choose here: it shows your place as it is.' }));
}

/** The colours as three cards to pick from, each showing what it looks like. */
function themePicker(attribute, kind, words, fallback, update) {
  const name = `opt-${attribute.name}`;
  return el('fieldset', { class: 'option themes' },
    el('legend', { text: words.label }),
    ...kind.values.map((value) => {
      const input = el('input', { type: 'radio', name, id: `${name}-${value}`, value, on: { change: () => update(value) } });
      input.checked = value === (fallback || 'auto');
      return el('label', { class: `theme theme-${value}`, for: `${name}-${value}` }, input,
        el('span', { class: 'swatch', 'aria-hidden': 'true' }, el('span', { class: 'swatch-button' })),
        el('span', { text: words.valueLabel(value) }));
    }));
}

function renderBuilders() {
  $('builders').replaceChildren(...BUILDERS.map((builder) => {
    const input = el('input', { type: 'radio', name: 'builder', id: `builder-${builder.id}`, value: builder.id, on: { change: () => { state.builder = builder.id; render(); } } });
    input.checked = builder.id === state.builder;
    return el('label', { class: 'builder', for: `builder-${builder.id}` }, input, el('span', { text: builder.name }));
  }));
}

/** The attributes of the element, in manifest order; defaults are left out to keep the snippet short. */
function chosenAttributes() {
  const attributes = [['endpoint', state.config.endpoint], ['location-id', state.location?.id ?? '']];
  for (const attribute of state.element?.attributes ?? []) {
    const value = state.values[attribute.name];
    if (!(attribute.name in state.values)) continue;
    const fallback = defaultOf(attribute, optionKind(attribute));
    if (value === fallback || value === '' || value === false) continue;
    attributes.push([attribute.name, value === true ? true : String(value)]);
  }
  return attributes;
}

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const builder = () => BUILDERS.find((b) => b.id === state.builder) ?? BUILDERS[BUILDERS.length - 1];

/** The WordPress plugin's shortcode: the element's name and attributes; the plugin knows the gateway. */
function shortcodeText() {
  const attributes = chosenAttributes()
    .filter(([name]) => name !== 'endpoint')
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${String(value).replace(/"/g, '&quot;')}"`)).join('');
  return `[${state.element.tagName}${attributes}]\n`;
}

export function snippetText() {
  if (builder().shortcode) return shortcodeText();
  const tag = state.element.tagName;
  const script = state.classic
    ? `<script src="${escapeAttribute(state.config.classicScriptUrl)}" defer></script>`
    : `<script type="module" src="${escapeAttribute(state.config.scriptUrl)}"></script>`;
  const attributes = chosenAttributes().map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`)).join('');
  return `${script}\n<${tag}${attributes}></${tag}>\n`;
}

function renderPreview() {
  const node = document.createElement(state.element.tagName);
  for (const [name, value] of chosenAttributes()) node.setAttribute(name, value === true ? '' : value);
  $('preview').replaceChildren(node);
}

function render() {
  if (!state.element || !state.location) return;
  renderPreview();
  $('steps').replaceChildren(...builder().steps(state.config.endpoint).map((step) => el('li', { text: step })));
  $('classic-option').hidden = Boolean(builder().shortcode);
  $('snippet').textContent = snippetText();
  $('copy-status').textContent = '';
}

// ---- location search --------------------------------------------------------------------------

let searchController = null;
let searchTimer = 0;

async function search(query) {
  searchController?.abort();
  searchController = new AbortController();
  try {
    const { locations } = await getJSON(`/demo-api/locations?q=${encodeURIComponent(query)}&limit=12`, searchController.signal);
    const list = $('location-results');
    list.replaceChildren(
      ...locations.map((location) =>
        el('li', {},
          el('button', {
            type: 'button',
            'data-location-id': location.id,
            'aria-pressed': String(location.id === state.location?.id),
            on: { click: () => choose(location) },
          }, location.name, el('small', { text: `${location.businessType} · ${location.address}, ${location.city}` })),
        ),
      ),
    );
    if (!locations.length) list.replaceChildren(el('li', { class: 'hint', text: 'No location matches. Try a city, a cuisine or a shorter name.' }));
  } catch (error) {
    if (error?.name !== 'AbortError') $('location-results').replaceChildren(el('li', { class: 'hint', text: `Search failed: ${error.message}` }));
  }
}

function choose(location) {
  state.location = location;
  $('location-chosen').textContent = `Showing ${location.name}, ${location.city} (location id ${location.id}).`;
  for (const button of $('location-results').querySelectorAll('button[data-location-id]')) {
    button.setAttribute('aria-pressed', String(button.getAttribute('data-location-id') === location.id));
  }
  render();
}

// ---- copy -------------------------------------------------------------------------------------

async function copy() {
  const text = snippetText();
  const status = $('copy-status');
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = 'Copied. Now paste it as the steps above say.';
  } catch {
    // No clipboard permission (or an old browser): fall back to selecting the text for Ctrl+C.
    const range = document.createRange();
    range.selectNodeContents($('snippet'));
    const selection = getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    status.textContent = 'Selected: press Ctrl+C (⌘C on a Mac) to copy.';
  }
}

// ---- start ------------------------------------------------------------------------------------

async function start() {
  state.config = await getJSON('/demo-api/config');
  state.elements = elementsOf(await getJSON(state.config.manifestUrl)).filter((element) => element.tagName !== 'merchant-provider');
  const select = /** @type {HTMLSelectElement} */ ($('element-select'));
  select.replaceChildren(...state.elements.map((d) => el('option', { value: d.tagName, text: ELEMENT_TITLES[d.tagName] ?? d.tagName })));
  const pickElement = () => {
    state.element = state.elements.find((d) => d.tagName === select.value) ?? state.elements[0];
    $('element-description').textContent = state.element?.summary ?? state.element?.description ?? '';
    renderOptions();
    render();
  };
  select.addEventListener('change', pickElement);
  $('location-search').addEventListener('input', (event) => {
    clearTimeout(searchTimer);
    const query = /** @type {HTMLInputElement} */ (event.target).value;
    searchTimer = setTimeout(() => search(query), 150);
  });
  $('controls').addEventListener('submit', (event) => event.preventDefault());
  $('classic-script').addEventListener('change', (event) => {
    state.classic = /** @type {HTMLInputElement} */ (event.target).checked;
    render();
  });
  $('copy').addEventListener('click', copy);

  renderBuilders();
  pickElement();
  choose(state.config.featured);
  await search('');
  document.body.setAttribute('data-ready', '');
}

start().catch((error) => {
  $('copy-status').textContent = `The configurator could not start: ${error.message}. Is \`npm start\` running?`;
  document.body.setAttribute('data-failed', '');
});
