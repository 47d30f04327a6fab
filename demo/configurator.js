// The snippet configurator: pick a location, an element and its options; see it live; give the live site's
// addresses (checked as they are typed); copy the snippet (script tag + element) with one click. Served by the demo
// (npm start) and by a gateway (GET /configurator): its settings come from the address in
// <meta name="merchant-configurator">. Plain module, no build step, no inline code: the page
// runs under the same strict CSP and Trusted Types policy as any merchant page (DOM is built with
// createElement/textContent only, never innerHTML).
//
// Elements and their options come from the custom elements manifest (dist/custom-elements.json), read by
// element-options.js (shared with the WordPress plugin's build), so a new element or attribute shows up here
// without touching this file.

import { defaultOf, elementsOf, optionAttributes, optionKind, optionWords, showsData } from './element-options.js';

const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const state = {
  /**
   * The server's settings (demo/server/configurator-settings.ts), addresses made absolute.
   * @type {{endpoint: string, scriptUrl: string, classicScriptUrl: string, manifestUrl: string, zipUrl: string, cdnUrl: string, exampleUrl: string | null, featured: any, pageDataUrl?: string, elementFiles?: BuildFiles | null, classicElementFiles?: BuildFiles | null}}
   */
  config: /** @type {any} */ (null),
  /** The live site's addresses, as typed (step 5). */
  live: { site: '', gateway: '', scriptSource: 'here', script: '' },
  /** The gateway the preview uses: the server's, then each one the checks find answering and allowing this page. */
  previewEndpoint: '',
  /** WordPress: the plugin fetches the data itself (`self`, its default) or uses a gateway. */
  wordpressSource: 'self',
  /** The checks of the addresses (see checkAddresses), by id, in the order shown. */
  /** @type {Map<string, {state: 'ok' | 'fail' | 'pending' | 'skip', text: string}>} */ checks: new Map(),
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
    // The plugin's own words (Settings › Merchant Elements, "Where your data comes from"): its default is that the
    // site fetches the data itself with the credentials from the data provider; a gateway is the other choice.
    steps: ({ endpoint, zipUrl, locationId, wordpressSource }) => [
      [
        'Download the plugin, ',
        { href: zipUrl, text: 'merchant-elements.zip' },
        ', then in WordPress: Plugins › Add New Plugin (Add New in older WordPress) › Upload Plugin, choose it, Install Now, then Activate.',
      ],
      wordpressSource === 'gateway'
        ? `In Settings › Merchant Elements, choose “Use a gateway”, enter the gateway URL ${endpoint} and your location id ${locationId}, press Test connection (it shows your place's name), then Save Changes.`
        : `In Settings › Merchant Elements, keep “This site fetches the data itself” and enter the client id, the signing key and the two API addresses (Actions and Publisher) your data provider gave you, and your location id ${locationId}. Press Test connection (it shows your place's name), then Save Changes.`,
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
  const response = await fetch(url, { signal, headers: { accept: 'application/json' }, credentials: 'omit' });
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

/**
 * The attributes of one chosen element, in manifest order; defaults are left out to keep the snippet short. The
 * endpoint is the snippet's (as typed), or the preview's (the last gateway the checks found answering).
 */
function chosenAttributes(element, endpoint = liveEndpoint() ?? state.live.gateway) {
  const attributes = [
    ['endpoint', endpoint],
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
  const scriptUrl = state.live.script;
  const script = state.classic
    ? `<script src="${escapeAttribute(classicOf(scriptUrl))}" defer></script>`
    : `<script type="module" src="${escapeAttribute(scriptUrl)}"></script>`;
  const elements = state.chosen.map((element) => {
    const tag = element.tagName;
    const attributes = chosenAttributes(element)
      .map(([name, value]) => (value === true ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
      .join('');
    return `<${tag}${attributes}></${tag}>\n`;
  });
  return `${script}\n${dataHint()}${elementHints(state.classic ? classicOf(scriptUrl) : scriptUrl)}${elements.join('')}`;
}

/**
 * @typedef {{bundle: string, files: Record<string, string>, elements: Record<string, number>, combined: number}} BuildFiles
 * The build's file list (src/contract/element-files.ts): each on-demand file's name, as the build named it by its
 * content, and the element files' sizes.
 */

/**
 * Each chosen element's file, beside the script (the script imports it when the page holds the element's tag), fetched
 * with the script rather than after it: its name from the build's file list in the server's settings, as each build
 * names it. None where the server has no build.
 */
function elementHints(scriptUrl) {
  const list = state.classic ? state.config?.classicElementFiles : state.config?.elementFiles;
  if (!list) return '';
  const tags = [...new Set(state.chosen.map((element) => element.tagName))];
  const beside = (name) => scriptUrl.replace(/[^/?#]*([?#].*)?$/, name);
  const hint = (name) => `<link rel="modulepreload" href="${escapeAttribute(beside(name))}">\n`;
  if (list.files.all && prefersCombined(tags, list)) return hint(list.files.all);
  return tags
    .flatMap((tag) => list.files[tag.replace(/^merchant-/, '')] ?? [])
    .map(hint)
    .join('');
}

/**
 * The loader's rule (src/contract/element-files.ts `prefersCombined`, which this plain script cannot import; the
 * configurator test checks the two agree on the built sizes): the combined file when the elements' files would sum to
 * more than it.
 * @param {string[]} tags
 * @param {{elements: Record<string, number>, combined: number} | null | undefined} sizes
 */
function prefersCombined(tags, sizes) {
  if (!sizes || !(sizes.combined > 0)) return false;
  return tags.reduce((sum, tag) => sum + (sizes.elements[tag] ?? 0), 0) > sizes.combined;
}

/**
 * The location's data, fetched with the script rather than after it (issue 29): the URL and credentials mode the
 * elements ask with (`crossorigin`), so the browser hands this response to their request. None without a gateway or
 * a location yet.
 */
function dataHint() {
  const endpoint = liveEndpoint() ?? state.live.gateway;
  const id = state.location?.id;
  if (!endpoint || !id || !state.config?.pageDataUrl) return '';
  const url = state.config.pageDataUrl.replace('{endpoint}', endpoint).replace('{location}', encodeURIComponent(id));
  return `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(url)}">\n`;
}

/** The classic build beside a module build's address (`…/merchant-elements.js` → `…/merchant-elements.classic.js`). */
const classicOf = (scriptUrl) => scriptUrl.replace(/\.js(?=$|[?#])/, '.classic.js');

/**
 * The preview: only redrawn when what it shows changes. It shows the last gateway the checks found answering (at
 * first, the server's), not each half-typed address.
 */
let previewKey = '';
function renderPreview() {
  const attributeSets = state.chosen.map((element) => [element.tagName, chosenAttributes(element, state.previewEndpoint)]);
  const key = JSON.stringify(attributeSets);
  if (key === previewKey) return;
  previewKey = key;
  $('preview').replaceChildren(
    ...attributeSets.map(([tag, attributes]) => {
      const node = document.createElement(tag);
      for (const [name, value] of attributes) node.setAttribute(name, value === true ? '' : value);
      return node;
    }),
  );
}

/** A step: plain words, or words and links (`{href, text}`). */
const step = (parts) =>
  el('li', {}, ...[].concat(parts).map((part) => (typeof part === 'string' ? part : el('a', { href: part.href, text: part.text, download: '' }))));

/** An address on this computer only (127.0.0.1, localhost): said beside the snippet. */
function isLocal(address) {
  try {
    return /^(localhost|127(\.\d+){3}|\[::1\])$/.test(new URL(address).hostname);
  } catch {
    return false;
  }
}

/** Which addresses the snippet needs: a gateway unless WordPress fetches the data itself; a script unless WordPress prints it. */
const needsGateway = () => !(builder().shortcode && state.wordpressSource === 'self');
const needsScript = () => !builder().shortcode;

function render() {
  if (!state.location) {
    $('copy').disabled = true;
    $('copy-status').textContent = 'Choose your place first (step 1).';
    return;
  }
  renderPreview();
  const wordpress = Boolean(builder().shortcode);
  $('steps').replaceChildren(
    ...builder()
      .steps({
        endpoint: liveEndpoint() ?? state.live.gateway,
        zipUrl: state.config.zipUrl,
        locationId: state.location.id,
        wordpressSource: state.wordpressSource,
      })
      .map(step),
  );
  $('classic-option').hidden = wordpress;
  $('wordpress-source').hidden = !wordpress;
  $('gateway-field').hidden = !needsGateway();
  $('site-field').hidden = !needsGateway();
  $('script-field').hidden = !needsScript();
  $('script-address').readOnly = state.live.scriptSource !== 'self';
  $('snippet').textContent = state.chosen.length ? snippetText() : '';
  $('copy').disabled = !state.chosen.length;
  const local = [needsGateway() && state.live.gateway, needsScript() && state.live.script].find((address) => address && isLocal(address));
  $('local-warning').hidden = !local;
  $('local-endpoint').textContent = local || '';
  $('copy-status').textContent = '';
  scheduleChecks();
}

// ---- the live site's addresses, checked as they are typed ------------------------------------------

/** The gateway's address as the snippet writes it (no trailing slash), or null when it is not a web address. */
function liveEndpoint() {
  const address = webAddress(state.live.gateway);
  return address && (address.origin + address.pathname).replace(/\/+$/, '');
}

/** A URL when `text` is an absolute http(s) address, else null. */
function webAddress(text) {
  try {
    const url = new URL(text.trim());
    return /^https?:$/.test(url.protocol) ? url : null;
  } catch {
    return null;
  }
}

/** The checks' lines, in order; each says what is wrong and how to fix it, in plain words. */
function renderChecks() {
  const shown = needsGateway() || needsScript();
  $('checks').hidden = !shown;
  $('checks').replaceChildren(...[...state.checks.values()].map((check) => el('li', { 'data-state': check.state, text: check.text })));
  const failing = shown && [...state.checks.values()].some((check) => check.state === 'fail');
  $('problems-warning').hidden = !failing;
}

let checkTimer = 0;
let checkRun = 0;
let checkedKey = '';
/** Counts the schedules: only the last one's run may say the checks are over (an earlier run can end after it). */
let checkSchedule = 0;
/** Checks again shortly after what they depend on changed (not for an option of the look). */
function scheduleChecks() {
  const key = JSON.stringify([state.live, state.location?.id, state.builder, state.wordpressSource]);
  if (key === checkedKey) return;
  checkedKey = key;
  document.body.removeAttribute('data-checked');
  clearTimeout(checkTimer);
  const schedule = ++checkSchedule;
  checkTimer = setTimeout(async () => {
    await checkAddresses();
    // For whoever waits on the outcome (the end-to-end tests): the last scheduled run is over.
    if (schedule === checkSchedule) document.body.setAttribute('data-checked', '');
  }, 300);
}

/**
 * Checks the addresses the snippet will carry, as a browser on the live site would meet them: the gateway answers and
 * speaks the widget contract (its origin check, GET /v1/origin-check, answers any page), allows the owner's website
 * and this page, knows the location; the script answers, readable by another site (module scripts are fetched with
 * CORS); nothing would be blocked as mixed content (an https site loading from an http address). A later run
 * replaces an earlier one's lines.
 */
async function checkAddresses() {
  const run = ++checkRun;
  /** @type {Map<string, {state: 'ok' | 'fail' | 'pending' | 'skip', text: string}>} */
  const checks = new Map();
  const say = (id, checkState, text) => {
    if (run !== checkRun) return;
    checks.set(id, { state: checkState, text });
    state.checks = checks;
    renderChecks();
  };
  const site = webAddress(state.live.site);
  const siteOrigin = site?.origin ?? null;
  if (!needsGateway() && !needsScript())
    return say('none', 'ok', 'Nothing to check here: WordPress fetches the data itself with the credentials you enter in its settings.');

  if (!state.live.site.trim()) say('site', 'skip', 'Give your website’s address to check that the gateway allows it.');
  else if (!site) say('site', 'fail', `“${state.live.site}” is not a web address: write it as your visitors see it, e.g. https://www.your-restaurant.com.`);
  const work = [];
  if (needsGateway()) work.push(checkGateway(say, site, siteOrigin));
  if (needsScript()) work.push(checkScript(say, site));
  await Promise.all(work);
}

/** The gateway: answers, speaks the contract, allows the site and this page, knows the location, no mixed content. */
async function checkGateway(say, site, siteOrigin) {
  const typed = state.live.gateway.trim();
  const endpoint = liveEndpoint();
  if (!typed) return say('gateway', 'fail', 'Give the gateway’s address (whoever runs it gives it to you).');
  if (!endpoint) return say('gateway', 'fail', `“${typed}” is not a web address: it starts with https://.`);
  if (/\/v1$/.test(endpoint)) return say('gateway', 'fail', `Leave /v1 out of the gateway’s address: ${endpoint.slice(0, -3)}.`);
  if (site?.protocol === 'https:' && endpoint.startsWith('http:')) {
    say('mixed-gateway', 'fail', `Your website is https, the gateway http: browsers block that (mixed content). Use the gateway’s https:// address.`);
  }
  say('gateway', 'pending', `Asking the gateway at ${endpoint}…`);
  const ask = async (origin) => {
    const answer = await getJSON(`${endpoint}/v1/origin-check?origin=${encodeURIComponent(origin)}`);
    if (typeof answer?.allowed !== 'boolean') throw new Error('not the contract');
    return answer.allowed;
  };
  const here = location.origin;
  let allowsHere;
  try {
    allowsHere = await ask(here);
  } catch {
    const answers = await fetch(`${endpoint}/`, { mode: 'no-cors', credentials: 'omit' }).then(
      () => true,
      () => false,
    );
    return say(
      'gateway',
      'fail',
      answers
        ? `${endpoint} answers, but it is not a merchant-elements gateway (it does not speak the widget contract). Check the address with whoever runs the gateway: its own address, without /v1.`
        : location.protocol === 'https:' && endpoint.startsWith('http:')
          ? `This page is https, so it may not ask an http address. Use the gateway’s https:// address.`
          : `Nothing answers at ${endpoint}. Check the address, and that the gateway is running.`,
    );
  }
  say('gateway', 'ok', `The gateway at ${endpoint} answers and speaks the widget contract.`);
  if (siteOrigin) {
    const allowsSite = siteOrigin === here ? allowsHere : await ask(siteOrigin).catch(() => null);
    if (allowsSite) say('allows-site', 'ok', `It allows your website, ${siteOrigin}.`);
    else
      say(
        'allows-site',
        'fail',
        `It does not allow your website, ${siteOrigin}: the elements would show nothing there. Ask whoever runs the gateway to add ${siteOrigin} to its allowed origins (MERCHANT_ALLOWED_ORIGINS).`,
      );
  }
  const sameOrigin = new URL(endpoint).origin === here;
  if (!allowsHere && !sameOrigin) {
    say(
      'allows-here',
      'fail',
      `It does not allow this page (${here}), so the preview here cannot show your data, and the location cannot be checked from here. Your website is what counts.`,
    );
    return;
  }
  if (state.previewEndpoint !== endpoint) {
    state.previewEndpoint = endpoint;
    renderPreview();
  }
  const id = state.location?.id;
  if (!id) return;
  try {
    const { location: place } = await getJSON(`${endpoint}/v1/locations/${encodeURIComponent(id)}`);
    say('location', 'ok', `It knows your place: ${place?.name ?? id}.`);
  } catch (error) {
    say(
      'location',
      'fail',
      /HTTP 404/.test(String(error?.message))
        ? `It has no location with the ID “${id}”. Check the ID (step 1) with your data provider.`
        : `It could not show the location “${id}” just now (${error?.message}). Try again in a moment.`,
    );
  }
}

/** The script: an address, no mixed content, and it answers with a script another site may load. */
async function checkScript(say, site) {
  const typed = state.live.script.trim();
  const script = webAddress(typed);
  if (!typed) return say('script', 'fail', 'Give the script’s address (step 5).');
  if (!script) return say('script', 'fail', `“${typed}” is not a web address: it starts with https://.`);
  if (site?.protocol === 'https:' && script.protocol === 'http:') {
    say('mixed-script', 'fail', 'Your website is https, the script’s address http: browsers block that (mixed content). Use an https:// address.');
  }
  say('script', 'pending', `Asking for the script at ${script.href}…`);
  try {
    const response = await fetch(script.href, { credentials: 'omit' });
    await response.arrayBuffer();
    if (!response.ok) return say('script', 'fail', `There is no script at ${script.href} (HTTP ${response.status}). Check the address.`);
    say('script', 'ok', 'The script answers, and another site may load it.');
  } catch {
    const answers = await fetch(script.href, { mode: 'no-cors', credentials: 'omit' }).then(
      () => true,
      () => false,
    );
    say(
      'script',
      'fail',
      answers
        ? `The script at ${script.href} answers, but not to other sites: its server must send Access-Control-Allow-Origin (browsers load this kind of script only then). Host it on your own website, or use the CDN.`
        : `Nothing answers at ${script.href}. Check the address.`,
    );
  }
}

/** The script's address for a choice: the CDN's copy, this server's, or what the owner types (self-hosted). */
function chooseScriptSource(source) {
  state.live.scriptSource = source;
  if (source === 'cdn') state.live.script = `${state.config.cdnUrl}merchant-elements.js`;
  if (source === 'here') state.live.script = state.config.scriptUrl;
  if (source === 'self' && state.live.script === state.config.scriptUrl) state.live.script = '';
  /** @type {HTMLInputElement} */ ($('script-address')).value = state.live.script;
  /** @type {HTMLInputElement} */ ($(`script-source-${source}`)).checked = true;
  render();
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
  searchRetry = 0;
  const list = $('location-results');
  // Not busy once the list answers the words now in the box (else a newer search, or a retry the gateway asked for, is to come).
  const answered = () => {
    if (!searchRetry && query === /** @type {HTMLInputElement} */ ($('location-search')).value) list.removeAttribute('aria-busy');
  };
  const hint = (text) => el('li', { class: 'hint', text });
  const words = query.trim() || state.location?.city || '';
  if (!words) {
    list.replaceChildren(hint('Type a name, a street, a city or a cuisine.'));
    return answered();
  }
  const { signal } = searchController;
  try {
    const url = `${state.config.endpoint}/v1/directory?q=${encodeURIComponent(words.slice(0, 200))}&limit=12`;
    const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
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
    if (error?.name !== 'AbortError') list.replaceChildren(hint(`Search is not available here (${error.message}): type your location ID below.`));
  } finally {
    if (!signal.aborted) answered();
  }
}

function choose(location) {
  state.location = location;
  /** @type {HTMLInputElement} */ ($('location-id')).value = location.id;
  $('location-chosen').textContent = location.name
    ? `Showing ${location.name}, ${location.city} (location id ${location.id}).`
    : `Showing the location with the ID ${location.id}.`;
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
    status.textContent = $('problems-warning').hidden
      ? 'Copied. Now paste it as the steps above say.'
      : 'Copied, but it will not work on your website yet: fix what step 5 marks first.';
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

/** The server's settings, with every address made absolute against the settings' own address. */
async function loadSettings() {
  const settingsUrl = new URL(document.querySelector('meta[name="merchant-configurator"]')?.getAttribute('content') || '/demo-api/config', location.href);
  const settings = await getJSON(settingsUrl.href);
  for (const key of ['endpoint', 'scriptUrl', 'classicScriptUrl', 'manifestUrl', 'zipUrl', 'exampleUrl']) {
    if (settings[key]) settings[key] = new URL(settings[key], settingsUrl).href;
  }
  settings.endpoint = settings.endpoint.replace(/\/+$/, '');
  return settings;
}

/** Step 5's fields: the site, the gateway (starting from the server's), the script (this server's copy, the CDN's or the site's own). */
function startLiveFields() {
  const field = (id) => /** @type {HTMLInputElement} */ ($(id));
  state.live.gateway = state.previewEndpoint = state.config.endpoint;
  field('gateway-address').value = state.live.gateway;
  field('site-address').addEventListener('input', () => {
    state.live.site = field('site-address').value;
    render();
  });
  field('gateway-address').addEventListener('input', () => {
    state.live.gateway = field('gateway-address').value.trim();
    render();
  });
  field('script-address').addEventListener('input', () => {
    state.live.script = field('script-address').value.trim();
    render();
  });
  $('script-source-here-text').textContent = isLocal(state.config.scriptUrl)
    ? 'From this computer (for trying it out here; not for your live website).'
    : `From this server (${new URL(state.config.scriptUrl).host}): nothing to upload.`;
  for (const source of ['cdn', 'self', 'here']) $(`script-source-${source}`).addEventListener('change', () => chooseScriptSource(source));
  for (const source of ['self', 'gateway']) {
    $(`wordpress-source-${source}`).addEventListener('change', () => {
      state.wordpressSource = source;
      render();
    });
  }
  // A location id typed by hand (the data provider's, when the search does not know the place).
  field('location-id').addEventListener('change', () => {
    const id = field('location-id').value.trim();
    if (id && id !== state.location?.id) choose({ id, name: '', city: '' });
  });
}

async function start() {
  state.config = await loadSettings();
  if (state.config.exampleUrl) {
    $('example-link').setAttribute('href', state.config.exampleUrl);
    $('example-link').hidden = false;
  }
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
    // Busy from the first key: the list shows an earlier query's places until the search for these words answers.
    $('location-results').setAttribute('aria-busy', 'true');
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
  startLiveFields();
  chooseScriptSource('here');
  pick();
  // The form, then the preview and the snippet, then the search's list, each in a task of its own: in one, they were
  // one long task on a phone (issue 29: Lighthouse's total blocking time). Nothing shows before data-ready.
  await nextTask();
  if (state.config.featured) choose(state.config.featured);
  await nextTask();
  await search('');
  document.body.setAttribute('data-ready', '');
}

/** Resolves in a new task (after the browser has had the chance to handle input): scheduler.yield(), else a timer. */
const nextTask = () => (globalThis.scheduler && 'yield' in globalThis.scheduler ? globalThis.scheduler.yield() : new Promise((resolve) => setTimeout(resolve)));

start().catch((error) => {
  $('copy-status').textContent = `The configurator could not start: ${error.message}. Is \`npm start\` (or the gateway) running?`;
  document.body.setAttribute('data-failed', '');
});
