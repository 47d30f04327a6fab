/**
 * PHP_CodeSniffer (Debian's php-codesniffer) on the WordPress plugin's PHP and its PHPUnit tests, with the ruleset
 * of built-in sniffs in phpcs.xml.dist: clean. (WordPress Coding Standards and Plugin Check need newer tools from
 * git mirrors: ../shared/tools/wp-audit/, run by hand.)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

describe('the plugin PHP under phpcs', () => {
  it('has no finding of the ruleset (phpcs.xml.dist)', () => {
    const run = spawnSync('phpcs', ['--standard=phpcs.xml.dist', '--report=full', '-q'], { cwd: root, encoding: 'utf8' });
    if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT')
      assert.fail('phpcs is not installed: apt-get install -y php-codesniffer (.ci/run does)');
    assert.equal(run.status, 0, `phpcs found:\n${run.stdout}${run.stderr}`);
  });

  it('the ruleset can fail: a short array, a space indent and an undocumented function are found', () => {
    const bad = '<?php\n/**\n * A file.\n *\n * @package X\n */\n\nnamespace X;\n\nfunction undocumented() {\n    return [];\n}\n';
    const run = spawnSync('phpcs', ['--standard=phpcs.xml.dist', '--report=json', '-q', '--stdin-path=bad.php', '-'], {
      cwd: root,
      input: bad,
      encoding: 'utf8',
    });
    const sources = Object.values((JSON.parse(run.stdout) as { files: Record<string, { messages: { source: string }[] }> }).files).flatMap((file) =>
      file.messages.map((message) => message.source),
    );
    for (const source of [
      'Generic.Arrays.DisallowShortArraySyntax.Found',
      'Generic.WhiteSpace.DisallowSpaceIndent.SpacesUsed',
      'Squiz.Commenting.FunctionComment.Missing',
    ]) {
      assert.ok(sources.includes(source), `${source} in ${sources.join(', ')}`);
    }
  });
});
