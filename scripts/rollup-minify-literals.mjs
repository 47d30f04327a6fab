// A rollup plugin (both builds): minifies the static text of Lit's `css`, `html` and `svg` tagged
// templates in our own sources. Runs after esbuild, on JavaScript.
//
// - css``: comments removed, whitespace collapsed, spaces dropped around `{ } ; , > /` and after `:`,
//   the `;` before `}`, and the quotes of attribute-selector values that are plain words (`[role=tab]`).
//   Spaces before `:` (`a :hover` is not `a:hover`) and around `+`/`-`/`*` (calc(), the universal
//   selector) are kept, and so is the text of quoted strings (`content: ', '`).
// - html`` / svg``: each run of whitespace that contains a line break becomes one space (what the
//   browser renders for it anyway outside `white-space: pre*`, which no template's static text uses).
// Expressions (`${...}`) are left alone, except tagged templates nested in them, which are minified the same
// way; the scanner follows nested strings, templates and braces.
const TAGS = /\b(css|html|svg)`/g;

/** Quoted strings (`content: ', '`) are kept exactly; the rules apply to the text between them. */
const CSS_STRING = /('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/;

export function minifyCss(s) {
  return s
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\[([\w-]+)=(['"])([a-zA-Z_][\w-]*)\2\]/g, '[$1=$3]')
    .split(CSS_STRING)
    .map((part, i) =>
      i % 2
        ? part
        : part
            .replace(/\s+/g, ' ')
            .replace(/\s*([{};,>/])\s*/g, '$1')
            .replace(/:\s+/g, ':')
            .replace(/;}/g, '}')
            .replace(/([^\w.])0\.(\d)/g, '$1.$2'),
    )
    .join('');
}
const minifyHtml = (s) => s.replace(/\s*\n\s*/g, ' ');

/** Index just past the `}` closing the `${` whose body starts at i. */
function skipExpression(code, i) {
  let depth = 1;
  while (i < code.length) {
    const c = code[i];
    if (c === '"' || c === "'") {
      i++;
      while (code[i] !== c) i += code[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '`') {
      i = skipTemplate(code, i + 1).end;
    } else if (c === '/' && code[i + 1] === '/') {
      while (code[i] !== '\n') i++;
    } else if (c === '/' && code[i + 1] === '*') {
      i = code.indexOf('*/', i) + 2;
    } else {
      if (c === '{') depth++;
      if (c === '}' && --depth === 0) return i + 1;
      i++;
    }
  }
  throw new Error('unterminated template expression');
}

/** From just after an opening backtick: the static chunks [start, end) and the index after the closing one. */
function skipTemplate(code, i) {
  const chunks = [];
  let start = i;
  while (i < code.length) {
    const c = code[i];
    if (c === '\\') i += 2;
    else if (c === '`') {
      chunks.push([start, i]);
      return { chunks, end: i + 1 };
    } else if (c === '$' && code[i + 1] === '{') {
      chunks.push([start, i]);
      i = skipExpression(code, i + 2);
      start = i;
    } else i++;
  }
  throw new Error('unterminated template');
}

export function minifyLiterals(code) {
  const edits = [];
  TAGS.lastIndex = 0;
  let match;
  while ((match = TAGS.exec(code))) {
    const { chunks } = skipTemplate(code, match.index + match[0].length);
    const fn = match[1] === 'css' ? minifyCss : minifyHtml;
    for (const [a, b] of chunks) edits.push([a, b, fn(code.slice(a, b))]);
    // Carry on from just inside this template, not after it: templates nested in its `${...}` expressions
    // (html`...${cond ? html`...` : nothing}...`) are minified too. Their chunks lie between this one's.
    TAGS.lastIndex = match.index + match[0].length;
  }
  edits.sort((x, y) => x[0] - y[0]);
  let out = '';
  let last = 0;
  for (const [a, b, text] of edits) {
    out += code.slice(last, a) + text;
    last = b;
  }
  return out + code.slice(last);
}

export function minifyLiteralsPlugin() {
  return {
    name: 'merchant-minify-literals',
    transform(code, id) {
      if (!/[\\/]src[\\/].*\.ts$/.test(id) || !/\b(css|html|svg)`/.test(code)) return null;
      return { code: minifyLiterals(code), map: null };
    },
  };
}
