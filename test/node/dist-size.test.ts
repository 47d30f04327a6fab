/**
 * Size budgets (issue 5): dist/merchant-elements.js (and the classic build) <= 20 KB min+gzip: what the elements share and
 * the loader that imports each element's own file (issue 25; scripts/size.mjs BUDGETS says why); what a page loads with
 * the script tag, with one element (each) and with every element, within its measured budget (PAGE_BUDGETS); each
 * element's npm entry with Lit <= 13 KB (issue 11: 12 KB
 * before) or its own measured budget (ELEMENT_BUDGETS, each with its reason), each on-demand language module <= 3 KB. The figures are printed with
 * every run. A product still above its budget must be listed in scripts/size-ceilings.json and may not grow past
 * that ceiling; a listed product that meets its budget fails the test until its entry is removed. The checker is
 * itself tested with a budget too small to meet, so it can fail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { BUDGETS, LANGUAGES, PAGE_BUDGETS, formatReport, measure, pageRowName, readCeilings } from '../../scripts/size.mjs';
import { listElements } from '../../scripts/elements.mjs';
import { root } from './dist-helpers.ts';

test('every product is within its budget, or listed with a ceiling it does not grow past', async (t) => {
  const report = await measure();
  const text = formatReport(report);
  console.log(`\n${text}\n`);
  t.diagnostic(text);
  assert.deepEqual(BUDGETS, { bundle: 20_000, element: 13_000, language: 3_000, standalone: 36_233 });
  const elements = listElements(root);
  assert.equal(
    report.rows.length,
    2 + 1 + elements.length + 1 + LANGUAGES.length + elements.length,
    'the two bundles (ES, classic), the standalone script, a page with each element and one with every element, every language module and every element are measured',
  );
  // Each page's budget is a measurement (scripts/size.mjs PAGE_BUDGETS), for every element and for a page with all.
  assert.deepEqual(Object.keys(PAGE_BUDGETS).sort(), [...elements.map((element) => element.tag), 'every'].sort());
  for (const key of Object.keys(PAGE_BUDGETS)) {
    const page = report.rows.find((row) => row.name === pageRowName(key))!;
    assert.ok(page.ok, `${page.name}: ${page.gzip} bytes min+gzip, over its budget of ${page.budget}`);
  }
  // A page with one element loads less than the bundle with every element did (21,277 B before issue 25's split).
  for (const { tag } of elements) assert.ok(report.rows.find((row) => row.name === pageRowName(tag))!.gzip < 21_277, `a page with <${tag}> only`);
  const ceilings = readCeilings();
  for (const row of report.rows) {
    const ceiling = ceilings[row.name];
    if (row.ok) {
      assert.equal(ceiling, undefined, `${row.name} meets its budget (${row.gzip} <= ${row.budget}): remove it from scripts/size-ceilings.json`);
    } else {
      assert.equal(typeof ceiling, 'number', `${row.name}: ${row.gzip} bytes min+gzip, over its budget of ${row.budget}`);
      assert.ok(row.gzip <= ceiling, `${row.name}: ${row.gzip} bytes min+gzip, past its ceiling of ${ceiling} (budget ${row.budget})`);
    }
  }
  for (const name of Object.keys(ceilings))
    assert.ok(
      report.rows.some((row) => row.name === name),
      `scripts/size-ceilings.json lists an unknown product: ${name}`,
    );
  for (const name of ['dist/merchant-elements.js', 'dist/merchant-elements.classic.js']) {
    const bundle = report.rows.find((row) => row.name === name)!;
    assert.ok(bundle.ok, `${name} is over budget: ${bundle.gzip} > ${bundle.budget}`);
  }
});

test('the checker fails when a budget is exceeded', async () => {
  const pages = Object.fromEntries(Object.keys(PAGE_BUDGETS).map((key) => [key, 1_000]));
  const report = await measure({ budgets: { bundle: 1_000, element: 1_000, language: 100, standalone: 1_000, pages } });
  assert.equal(report.ok, false);
  assert.ok(
    report.rows.every((row) => !row.ok),
    'every product is over a tiny budget',
  );
  assert.match(formatReport(report), /OVER BUDGET/);
});

test('the size command exits non-zero over budget and zero within', () => {
  const over = spawnSync(process.execPath, ['scripts/size.mjs', '--bundle-budget', '1000'], { cwd: root, encoding: 'utf8' });
  assert.equal(over.status, 1, over.stderr);
  assert.match(over.stdout, /dist\/merchant-elements\.js .* OVER BUDGET/);
  const within = spawnSync(
    process.execPath,
    ['scripts/size.mjs', '--bundle-budget', '1000000', '--element-budget', '1000000', '--language-budget', '1000000'],
    { cwd: root, encoding: 'utf8' },
  );
  assert.equal(within.status, 0, within.stdout + within.stderr);
});
