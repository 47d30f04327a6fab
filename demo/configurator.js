// The snippet configurator: pick a sandbox location, an element and its options; see it live; copy the
// snippet (script tag + element) with one click. Plain module, no build step, no inline code: the page
// runs under the same strict CSP and Trusted Types policy as any merchant page (DOM is built with
// createElement/textContent only, never innerHTML).
//
// Elements and their options come from the custom elements manifest (dist/custom-elements.json), read by
// element-options.js (shared with the WordPress plugin's build), so a new element or attribute shows up here
// without touching this file.

import { defaultOf, elementsOf, optionAttributes, optionKind, optionWords, showsData } from './element-options.js';

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const state = {
  /** @type {{endpoint: string, scriptUrl: string, classicScriptUrl: string, manifestUrl: string, featured: any}} */
  config: /** @type {any} */ (null),
  /** @type {any[]} */ elements: [],
  /** @type {any} */ location: null,
  /** The elements chosen, in the manifest's order (several in one go: hours, a short menu, an order button). */
  /** @type {any[]} */ chosen: [],
  /** Option values by element tag, then attribute name. */
  /** @type {Record<string, Record<string, string | boolean>>} */ values: {},
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
    id: 'wordpress',
    name: 'WordPress',
    shortcode: true,
    steps: (endpoint, zipUrl) => [
      [
        'Download the plugin, ',
        { href: zipUrl, text: 'merchant-elements.zip' },
        ', then in WordPress: Plugins › Add New › Upload Plugin, choose it, then Activate.',
      ],
      `In Settings › Merchant Elements, enter the gateway address ${endpoint} and press Test connection.`,
      'In your page, add a Shortcode block and paste this. (Or use the blocks in the Merchant category.)',
    ],
  },
  {
    id: 'squarespace',
    name: 'Squarespace',
    steps: () => ['Edit the page, add a Code block where it should appear, and paste this.', 'Code blocks with scripts need a plan above Personal.'],
  },
  {
    id: 'wix',
    name: 'Wix',
    steps: () => [
      'Add › Embed Code › Embed HTML is not enough on Wix (it runs in a frame): use Settings › Custom Code for the first line, in the Head, on all pages.',
      'Then Add › Embed Code › Custom Element for the rest, with the tag name and attributes shown. This needs a Premium plan and your own domain.',
    ],
  },
  {
    id: 'shopify',
    name: 'Shopify',
    steps: () => ['Online Store › Themes › Customize: add a Custom Liquid section where it should appear, and paste this.'],
  },
  {
    id: 'webflow',
    name: 'Webflow',
    steps: () => ['In the Designer, Add › Code Embed where it should appear, paste this, then publish (the canvas does not run it). Needs a paid site plan.'],
  },
  {
    id: 'html',
    name: 'Another website (HTML)',
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

/** The options of every chosen element, one group each; values already set are kept when the choice changes. */
function renderOptions() {
  const container = $('options');
  container.replaceChildren(
    ...state.chosen.map((element) => {
      const tag = element.tagName;
      const attributes = optionAttributes(element);
      const values = (state.values[tag] ??= {});
      const title = element.title;
      const controls = attributes.map((attribute) => {
        const kind = optionKind(attribute);
        const words = optionWords(attribute, tag);
        const id = `opt-${tag}-${attribute.name}`;
        const fallback = defaultOf(attribute, kind);
        if (!(attribute.name in values)) values[attribute.name] = fallback;
        const current = values[attribute.name];
        const hint = words.help ? el('p', { class: 'hint', id: `${id}-hint`, text: words.help }) : null;
        const describedby = hint ? `${id}-hint` : undefined;
        const update = (value) => {
          values[attribute.name] = value;
          render();
        };
        if (kind.kind === 'boolean') {
          const input = el('input', { id, type: 'checkbox', 'aria-describedby': describedby, on: { change: () => update(input.checked) } });
          input.checked = Boolean(current);
          return el('div', { class: 'option' }, el('label', { class: 'check', for: id }, input, el('span', { text: words.label })), hint);
        }
        if (attribute.name === 'theme') return themePicker(tag, attribute, kind, words, current, update);
        let input;
        if (kind.kind === 'choice') {
          input = el(
            'select',
            { id, 'aria-describedby': describedby, on: { change: () => update(input.value) } },
            ...kind.values.map((value) => el('option', { value, text: words.valueLabel(value) })),
          );
          input.value = current || kind.values[0];
        } else {
          input = el('input', {
            id,
            type: kind.kind === 'number' ? 'number' : 'text',
            'aria-describedby': describedby,
            on: { input: () => update(input.value.trim()) },
          });
          input.value = current;
        }
        return el('div', { class: 'option' }, el('label', { for: id, text: words.label }), input, hint);
      });
      return el(
        'fieldset',
        { class: 'element-options', id: `options-${tag}` },
        el('legend', { text: title }),
        ...(controls.length ? controls : [el('p', { class: 'hint', text: 'Nothing to choose here: it shows your place as it is.' })]),
      );
    }),
  );
  if (!state.chosen.length) container.replaceChildren(el('p', { class: 'hint', text: 'Choose at least one thing to show (step 2).' }));
}

/** The colours as three cards to pick from, each showing what it looks like. */
function themePicker(tag, attribute, kind, words, fallback, update) {
  const name = `opt-${tag}-${attribute.name}`;
  return el(
    'fieldset',
    { class: 'option themes' },
    el('legend', { text: words.label }),
    ...kind.values.map((value) => {
      const input = el('input', { type: 'radio', name, id: `${name}-${value}`, value, on: { change: () => update(value) } });
      input.checked = value === (fallback || 'auto');
      return el(
        'label',
        { class: `theme theme-${value}`, for: `${name}-${value}` },
        input,
        el('span', { class: 'swatch', 'aria-hidden': 'true' }, el('span', { class: 'swatch-button' })),
        el('span', { text: words.valueLabel(value) }),
      );
    }),
  );
}

function renderBuilders() {
  $('builders').replaceChildren(
    ...BUILDERS.map((builder) => {
      const input = el('input', {
        type: 'radio',
        name: 'builder',
        id: `builder-${builder.id}`,
        value: builder.id,
        on: {
          change: () => {
            state.builder = builder.id;
            render();
          },
        },
      });
      input.checked = builder.id === state.builder;
      return el('label', { class: 'builder', for: `builder-${builder.id}` }, input, el('span', { text: builder.name }));
    }),
  );
}

/** The attributes of one chosen element, in manifest order; defaults are left out to keep the snippet short. */
function chosenAttributes(element) {
  const attributes = [
    ['endpoint', state.config.endpoint],
    ['location-id', state.location?.id ?? ''],
  ];
  const values = state.values[element.tagName] ?? {};
  for (const attribute of element.attributes ?? []) {
    const value = values[attribute.name];
    if (!(attribute.name in values)) continue;
    const fallback = defaultOf(attribute, optionKind(attribute));
    if (value === fallback || value === '' || value === false) continue;
    attributes.push([attribute.name, value === true ? true : String(value)]);
  }
  return attributes;
}

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const builder = () => BUILDERS.find((b) => b.id === state.builder) ?? BUILDERS[BUILDERS.length - 1];

/** The WordPress plugin's shortcodes, one per element: its name and attributes; the plugin knows the gateway. */
function shortcodeText() {
  return state.chosen
    .map((element) => {
      const attributes = chosenAttributes(element)
        .filter(([name]) => name !== 'endpoint')
        .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${String(value).replace(/"/g, '&quot;')}"`))
        .join('');
      return `[${element.tagName}${attributes}]\n`;
    })
    .join('');
}

/** The script once, then every chosen element. */
export function snippetText() {
  if (builder().shortcode) return shortcodeText();
  const script = state.classic
    ? `<script src="${escapeAttribute(state.config.classicScriptUrl)}" defer></script>`
    : `<script type="module" src="${escapeAttribute(state.config.scriptUrl)}"></script>`;
  const elements = state.chosen.map((element) => {
    const tag = element.tagName;
    const attributes = chosenAttributes(element)
      .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
      .join('');
    return `<${tag}${attributes}></${tag}>\n`;
  });
  return `${script}\n${elements.join('')}`;
}

function renderPreview() {
  $('preview').replaceChildren(
    ...state.chosen.map((element) => {
      const node = document.createElement(element.tagName);
      for (const [name, value] of chosenAttributes(element)) node.setAttribute(name, value === true ? '' : value);
      return node;
    }),
  );
}

/** A step: plain words, or words and links (`{href, text}`). */
const step = (parts) =>
  el('li', {}, ...[].concat(parts).map((part) => (typeof part === 'string' ? part : el('a', { href: part.href, text: part.text, download: '' }))));

/** The gateway's address is on this computer only (127.0.0.1, localhost): say so beside the snippet. */
function isLocal(endpoint) {
  try {
    return /^(localhost|127(\.\d+){3}|\[::1\])$/.test(new URL(endpoint).hostname);
  } catch {
    return false;
  }
}

function render() {
  if (!state.location) return;
  renderPreview();
  const zipUrl = new URL('/dist/wordpress/merchant-elements.zip', location.href).href;
  $('steps').replaceChildren(...builder().steps(state.config.endpoint, zipUrl).map(step));
  $('classic-option').hidden = Boolean(builder().shortcode);
  $('snippet').textContent = state.chosen.length ? snippetText() : '';
  $('copy').disabled = !state.chosen.length;
  $('local-warning').hidden = !isLocal(state.config.endpoint);
  $('local-endpoint').textContent = state.config.endpoint;
  $('copy-status').textContent = '';
}

// ---- location search --------------------------------------------------------------------------

let searchController = null;
let searchTimer = 0;
let searchRetry = 0;

/**
 * Places from the gateway's directory (GET /v1/directory, the widget contract's search): the same on any gateway
 * that keeps one, the demo's or a live site's. An empty box lists the places in the chosen place's city.
 */
async function search(query) {
  searchController?.abort();
  searchController = new AbortController();
  clearTimeout(searchRetry);
  const list = $('location-results');
  const hint = (text) => el('li', { class: 'hint', text });
  const words = query.trim() || state.location?.city || '';
  if (!words) return list.replaceChildren(hint('Type a name, a street, a city or a cuisine.'));
  try {
    const url = `${state.config.endpoint}/v1/directory?q=${encodeURIComponent(words.slice(0, 200))}&limit=12`;
    const response = await fetch(url, { signal: searchController.signal, headers: { accept: 'application/json' } });
    const body = await response.json().catch(() => null);
    if (response.status === 503 && body?.error === 'DIRECTORY_BUILDING') {
      // The gateway is reading the upstream's feeds: say how far, and ask again when it says to.
      list.replaceChildren(hint(body.message));
      searchRetry = setTimeout(() => search(query), 1000 * (Number(response.headers.get('retry-after')) || 5));
      return;
    }
    if (!response.ok) throw new Error(body?.message ?? `HTTP ${response.status}`);
    const locations = body.results;
    list.replaceChildren(
      ...locations.map((location) =>
        el(
          'li',
          {},
          el(
            'button',
            {
              type: 'button',
              'data-location-id': location.id,
              'aria-pressed': String(location.id === state.location?.id),
              on: { click: () => choose(location) },
            },
            location.name,
            el('small', { text: [location.businessType, [location.address, location.city].filter(Boolean).join(', ')].filter(Boolean).join(' · ') }),
          ),
        ),
      ),
    );
    if (!locations.length) list.replaceChildren(hint('No location matches. Try a city, a cuisine or a shorter name.'));
  } catch (error) {
    if (error?.name !== 'AbortError') list.replaceChildren(hint(`Search failed: ${error.message}`));
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
  state.elements = elementsOf(await getJSON(state.config.manifestUrl)).filter(showsData);
  // What to show: one checkbox per element; several can be chosen (hours, a short menu and an order button).
  const DEFAULT_CHOSEN = new Set(['merchant-hours', 'merchant-menu', 'merchant-actions']);
  const pick = () => {
    state.chosen = state.elements.filter((element) => /** @type {HTMLInputElement} */ ($(`show-${element.tagName}`)).checked);
    renderOptions();
    render();
  };
  $('elements').replaceChildren(
    ...state.elements.map((element) => {
      const id = `show-${element.tagName}`;
      const input = el('input', { id, type: 'checkbox', value: element.tagName, 'aria-describedby': `${id}-hint`, on: { change: pick } });
      input.checked = DEFAULT_CHOSEN.has(element.tagName);
      return el(
        'div',
        { class: 'option' },
        el('label', { class: 'check', for: id }, input, el('span', { text: element.title })),
        el('p', { class: 'hint', id: `${id}-hint`, text: element.summary ?? element.description ?? '' }),
      );
    }),
  );
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
  pick();
  choose(state.config.featured);
  await search('');
  document.body.setAttribute('data-ready', '');
}

start().catch((error) => {
  $('copy-status').textContent = `The configurator could not start: ${error.message}. Is \`npm start\` running?`;
  document.body.setAttribute('data-failed', '');
});
