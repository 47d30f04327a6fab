/**
 * Sizes. Issue 5's budgets (dist/merchant-elements.js <= 20 KB min+gzip with every element and Lit,
 * each element's npm entry with Lit <= 12 KB) are not met yet; `npm run size` reports against them and
 * exits 1. What `npm test` enforces meanwhile is a ratchet: no product grows past its recorded ceiling
 * (scripts/size-ceilings.json). The figures are printed with every run. The checker is itself tested
 * with a budget too small to meet, so it can fail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { BUDGETS, formatReport, measure, readCeilings } from '../../scripts/size.mjs';
import { listElements } from '../../scripts/elements.mjs';
import { root } from './dist-helpers.ts';

test('no product grows past its recorded ceiling (and the budgets are the issue\'s)', async (t) => {
  const report = await measure();
  const text = formatReport(report);
  console.log(`\n${text}\n`);
  t.diagnostic(text);
  assert.equal(report.rows.length, 2 + listElements(root).length, 'both bundles and every element are measured');
  const ceilings = readCeilings();
  for (const row of report.rows) {
    const ceiling = ceilings[row.name];
    assert.equal(typeof ceiling, 'number', `${row.name} has no recorded ceiling: run \`node scripts/size.mjs --record\``);
    assert.ok(row.gzip <= ceiling, `${row.name}: ${row.gzip} bytes min+gzip, past its ceiling of ${ceiling}`);
  }
  assert.equal(report.rows[0]!.budget, BUDGETS.bundle);
  assert.equal(BUDGETS.bundle, 20_000);
  assert.equal(BUDGETS.element, 12_000);
});

test('the checker fails when a budget is exceeded', async () => {
  const report = await measure({ budgets: { bundle: 1_000, element: 1_000 } });
  assert.equal(report.ok, false);
  assert.ok(report.rows.every((row) => !row.ok), 'every product is over a 1 KB budget');
  assert.match(formatReport(report), /OVER BUDGET/);
});

test('the size command exits non-zero over budget and zero within', () => {
  const over = spawnSync(process.execPath, ['scripts/size.mjs', '--bundle-budget', '1000'], { cwd: root, encoding: 'utf8' });
  assert.equal(over.status, 1, over.stderr);
  assert.match(over.stdout, /dist\/merchant-elements\.js .* OVER BUDGET/);
  const within = spawnSync(process.execPath, ['scripts/size.mjs', '--bundle-budget', '1000000', '--element-budget', '1000000'], { cwd: root, encoding: 'utf8' });
  assert.equal(within.status, 0, within.stdout + within.stderr);
});
