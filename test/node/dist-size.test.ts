/**
 * Size budgets (issue 5): dist/merchant-elements.js <= 20 KB min+gzip with every element and Lit,
 * each element's npm entry bundled with Lit <= 12 KB. The figures are printed with every run.
 * The checker is itself tested with a budget too small to meet, so a regression cannot pass silently.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { BUDGETS, formatReport, measure } from '../../scripts/size.mjs';
import { listElements } from '../../scripts/elements.mjs';
import { root } from './dist-helpers.ts';

test('every product is within its size budget', async (t) => {
  const report = await measure();
  const text = formatReport(report);
  console.log(`\n${text}\n`);
  t.diagnostic(text);
  assert.equal(report.rows.length, 2 + listElements(root).length, 'both bundles and every element are measured');
  for (const row of report.rows) {
    assert.ok(row.ok, `${row.name}: ${row.gzip} bytes min+gzip, budget ${row.budget}`);
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
  const within = spawnSync(process.execPath, ['scripts/size.mjs'], { cwd: root, encoding: 'utf8' });
  assert.equal(within.status, 0, within.stdout + within.stderr);
});
