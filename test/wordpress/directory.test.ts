/**
 * Issue 30 on WordPress fetching its own data: the plugin's directory table (made on activation, with the index the
 * search uses), filled by its cron from the upstream's feeds, kept current by the change-feed poll, answering the
 * contract's GET /v1/directory as the Node gateway does (the same rules: the same places in the same order for the
 * same queries over the same sandbox), the picker's REST route for people who edit posts only, and the table gone on
 * uninstall. On the newest WordPress the suites run on.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { generateDirectoryGoldenFixtures } from '../../scripts/golden-fixtures.ts';
import { gatewayFor, startSandboxForTests } from '../node/gateway-fixture.ts';
import type { RunningGateway } from '../../src/adapters/node/server.ts';
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import { LOCATION, ZIP, credentials } from './site.ts';
import { NEWEST_WORDPRESS, WordPress, wordpressVersions, type Session } from './wordpress.ts';

const versions = wordpressVersions().filter((version) => version === NEWEST_WORDPRESS);

for (const version of versions)
  describe(`WordPress ${version}: the directory in the site's database`, { timeout: 600_000 }, () => {
    let sandbox: RunningSandbox;
    let gateway: RunningGateway;
    let wp: WordPress;
    let admin: Session;

    const contract = async (query: string) => {
      const response = await fetch(`${wp.url}/wp-json/merchant-elements/v1/directory?${query}`);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> & { results: { id: string }[]; total: number } };
    };
    const build = () => wp.phpAsync('do_action("merchant_elements_build_directory");');

    before(async () => {
      sandbox = await startSandboxForTests();
      gateway = await gatewayFor(sandbox, { MERCHANT_LOG_LEVEL: 'silent' });
      wp = await WordPress.start({ version });
      wp.allowPorts(new URL(sandbox.url).port);
      wp.config(credentials(sandbox.actionsUrl, sandbox.publisherUrl));
      admin = await wp.login('administrator');
      await wp.uploadPlugin(admin, ZIP);
      await admin.rest('/wp/v2/settings', 'POST', { merchant_elements_location_id: LOCATION });
    });

    after(async () => {
      await wp?.stop();
      await gateway?.close();
      await sandbox?.close();
    });

    it('makes its table on activation, with the index on the name key', () => {
      const indexes = wp.php_(
        'global $wpdb; $t = $wpdb->prefix . "merchant_elements_directory"; echo wp_json_encode($wpdb->get_col("SHOW INDEX FROM {$t}", 4));',
      );
      assert.deepEqual(JSON.parse(indexes).sort(), ['id', 'name_key']);
    });

    it('answers 503 DIRECTORY_BUILDING until its cron has read the feeds, then the contract; Test connection says which', async () => {
      // Settings › Test connection (the credentials are wp-config.php's constants here): the place, and what the
      // place directory says of it.
      const testConnection = () => admin.rest<{ ok: boolean; message: string }>('/merchant-elements/admin/check', 'POST', { location_id: LOCATION });
      const name = sandbox.dataset.location(0).name;
      const building = await contract('q=nonna');
      assert.equal(building.status, 503);
      assert.equal(building.body.error, 'DIRECTORY_BUILDING');
      const whileBuilding = await testConnection();
      assert.equal(whileBuilding.ok, true);
      assert.match(
        whileBuilding.message,
        new RegExp(
          `^Connected\\. Your location is ${name}, .*\\. The place directory is still being built \\([\\d,]+ locations read\\): finding places by name works once it is done\\.$`,
        ),
      );
      for (let run = 0; run < 5 && (await contract('q=nonna')).status === 503; run++) await build();
      const found = await contract('q=nonna');
      assert.equal(found.status, 200, JSON.stringify(found.body));
      assert.equal(found.body.results[0]!.id, LOCATION);
      assert.match((await testConnection()).message, new RegExp(`^Connected\\. Your location is ${name}, .*\\. The place directory finds it by name\\.$`));
      assert.equal(Number(wp.php_('global $wpdb; echo $wpdb->get_var("SELECT COUNT(*) FROM {$wpdb->prefix}merchant_elements_directory");')), 200);
    });

    it("answers as the Node gateway does: the same places in the same order, for the contract's rules", async () => {
      await gateway.app.directory!.ready();
      const lat = sandbox.dataset.latitude(0);
      const lon = sandbox.dataset.longitude(0);
      const queries = [
        'q=nonna',
        'q=pizz&limit=20',
        'q=new%20york&limit=50',
        'q=ital&limit=30&cursor=10',
        'q=B%C3%A4R',
        `latitude=${lat}&longitude=${lon}&radius=3000&limit=20`,
        'q=caf',
      ];
      for (const query of queries) {
        const node = (await (await fetch(`${gateway.url}/v1/directory?${query}`)).json()) as { results: { id: string }[]; total: number; next: string | null };
        const php = await contract(query);
        assert.equal(php.status, 200, `${query}: ${JSON.stringify(php.body)}`);
        assert.deepEqual(php.body, node, query);
      }
    });

    it('refuses bad input with a clear 400, as the contract says', async () => {
      for (const query of ['q=', `q=${'x'.repeat(201)}`, 'q=%25_*', 'latitude=40', 'q=pizza&cursor=zz']) {
        const answer = await contract(query);
        assert.equal(answer.status, 400, query);
        assert.deepEqual(Object.keys(answer.body).sort(), ['error', 'message', 'status_code'], query);
      }
      assert.equal((await contract('q=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).status, 200);
    });

    it('finds a place renamed upstream under its new name after one poll of the change feed', async () => {
      const id = sandbox.dataset.idAt(21);
      sandbox.controls.rename(id, 'Quokka Harbour Grill');
      await wp.phpAsync('\\MerchantElements\\WordPress\\Changes::poll_changes();');
      const found = await contract('q=quokka%20harb');
      assert.deepEqual(
        found.body.results.map((entry) => entry.id),
        [id],
      );
    });

    it("the picker's route answers people who edit posts, not visitors", async () => {
      const anonymous = await fetch(`${wp.url}/wp-json/merchant-elements/editor/places?q=nonna`);
      assert.equal(anonymous.status, 401);
      const response = await admin.fetch(`/?rest_route=${encodeURIComponent('/merchant-elements/editor/places')}&q=nonna`);
      assert.equal(response.status, 200);
      const places = (await response.json()) as { results: { id: string }[] };
      assert.equal(places.results[0]!.id, LOCATION);
    });

    it('answers every directory golden case like the Node gateway: matching, order, paging, points and bad input', async () => {
      // The Node gateway's directory built from a recorded feed (the sandbox's and hand-made records for the rules),
      // its answers to the cases; the plugin's table filled from the same recorded feed, its answers compared.
      const fixtures = await generateDirectoryGoldenFixtures();
      const dir = mkdtempSync(path.join(tmpdir(), 'directory-golden-'));
      const file = path.join(dir, 'directory-golden.json');
      writeFileSync(file, JSON.stringify(fixtures));
      const replay = path.resolve(import.meta.dirname, 'directory-golden-replay.php');
      const out = await wp.phpAsync(`require ${JSON.stringify(replay)}; echo \\MerchantElements\\Tests\\directory_golden_replay(${JSON.stringify(file)});`);
      rmSync(dir, { recursive: true, force: true });
      const replayed = JSON.parse(out) as { cases: Array<{ name: string; status: number; body: unknown }>; read: number; requests: string[] };
      assert.deepEqual(replayed.requests.sort(), fixtures.exchanges.map((e) => `${e.api} ${e.path}`).sort(), 'the same feed read');
      assert.equal(replayed.cases.length, fixtures.cases.length);
      const problems: string[] = [];
      fixtures.cases.forEach((expected, i) => {
        const actual = replayed.cases[i]!;
        assert.equal(actual.name, expected.name);
        if (actual.status !== expected.answer.status)
          problems.push(
            `${expected.name} (${expected.url}): status node ${expected.answer.status}, php ${actual.status} ${JSON.stringify(actual.body).slice(0, 300)}`,
          );
        else if (!isDeepStrictEqual(actual.body, expected.answer.body)) {
          // Where they part: the order of ids, else the first entry that differs.
          const ids = (body: unknown) => ((body as { results?: { id: string }[] }).results ?? []).map((entry) => entry.id).join(' ');
          const [node, php] = [expected.answer.body, actual.body].map((body) =>
            ids(body) === ids(expected.answer.body) && ids(body) === ids(actual.body) ? JSON.stringify(body) : ids(body),
          );
          const at = [...node!].findIndex((char, i) => char !== php![i]);
          problems.push(
            `${expected.name} (${expected.url}) from character ${at}:\n  node ${node!.slice(Math.max(0, at - 80), at + 300)}\n  php  ${php!.slice(Math.max(0, at - 80), at + 300)}`,
          );
        }
      });
      assert.deepEqual(problems, [], `${problems.length} of ${fixtures.cases.length} cases differ:\n${problems.join('\n')}`);
      // The cases cover what they claim: 200s with results, empty 200s and 400s.
      const statuses = fixtures.cases.map((c) => c.answer.status);
      assert.ok(statuses.filter((s) => s === 400).length >= 15 && statuses.filter((s) => s === 200).length >= 60);
    });

    it('builds from the feed page by page, and resumes an interrupted build at the page it did not read', async () => {
      // The site's own upstream, asked for pages of 50 (so 200 locations are 4 pages), failing once on the third.
      const step = async (failAt: number) =>
        JSON.parse(
          await wp.phpAsync(`
            $paging = new class( new \\MerchantElements\\WordPress\\HttpUpstream( \\MerchantElements\\WordPress\\Connection::credentials() ), ${failAt} ) implements \\MerchantElements\\Gateway\\Upstream {
              public $requests = array();
              private $real;
              private $fail_at;
              public function __construct( $real, $fail_at ) { $this->real = $real; $this->fail_at = $fail_at; }
              public function get( $api, $path ) {
                $path = str_replace( 'limit=1000', 'limit=50', $path );
                $this->requests[] = $api . ' ' . $path;
                if ( 'publisher' === $api && count( preg_grep( '/^publisher /', $this->requests ) ) === $this->fail_at ) {
                  throw new \\MerchantElements\\Gateway\\GatewayError( 502, 'UPSTREAM_UNAVAILABLE', 'The connection dropped.' );
                }
                return $this->real->get( $api, $path );
              }
            };
            $cursor = \\MerchantElements\\WordPress\\Directory::build_step( $paging );
            echo wp_json_encode( array( 'cursor' => $cursor, 'requests' => $paging->requests, 'rows' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$wpdb->prefix}merchant_elements_directory" ) ) );
          `),
        ) as { cursor: { next: string | null; complete: boolean; read: number }; requests: string[]; rows: number };
      wp.php_(
        `$wpdb->query("TRUNCATE TABLE {$wpdb->prefix}merchant_elements_directory"); delete_option('merchant_elements_directory_cursor'); delete_transient('merchant_elements_directory_actions');`,
      );
      const interrupted = await step(3);
      const pages = interrupted.requests.filter((request) => request.startsWith('publisher '));
      assert.equal(pages.length, 3);
      assert.match(pages[1]!, /after=/, 'the second page is the first page’s next link');
      assert.deepEqual([interrupted.cursor.read, interrupted.cursor.complete], [100, false]);
      assert.equal(interrupted.cursor.next, pages[2]!.slice('publisher '.length), 'the cursor names the page that was not read');
      assert.ok(interrupted.rows > 0 && interrupted.rows <= 100);
      const building = await contract('q=nonna');
      assert.equal(building.status, 503);
      assert.equal((building.body as { progress?: { read: number } }).progress?.read, 100);

      const resumed = await step(0);
      const resumedPages = resumed.requests.filter((request) => request.startsWith('publisher '));
      assert.equal(resumedPages[0], pages[2], 'resumed at the page it did not read, not from the start');
      assert.ok(!resumed.requests.includes('actions /locations/'), 'the actions list is not asked again');
      assert.deepEqual([resumed.cursor.read, resumed.cursor.complete, resumedPages.length], [200, true, 2]);
      assert.equal(resumed.rows, gateway.app.directory!.store.size, 'as many places as the Node gateway keeps');
      assert.equal((await contract('q=nonna')).body.results[0]!.id, LOCATION);
    });

    it('re-folds on upgrade the rows stored before every sigma folded to σ: "οδός" finds a stored "Οδός"', async () => {
      const id = sandbox.dataset.idAt(33);
      // The row as the fold before DATA_VERSION 2 stored it (a word-final sigma written lowercase kept "ς"), on a site
      // whose plugin predates the data version (no option).
      wp.php_(
        `global $wpdb; $wpdb->update($wpdb->prefix . "merchant_elements_directory", array("name" => "Οδός Ταβέρνα", "name_key" => "οδος ταβερνα", "words" => " οδος ταβερνα"), array("id" => ${JSON.stringify(id)})); delete_option("merchant_elements_directory_data_version");`,
      );
      // The next request (plugins_loaded) re-folds, and the search finds the place.
      const found = await contract(`q=${encodeURIComponent('οδός')}`);
      assert.equal(found.status, 200, JSON.stringify(found.body));
      assert.deepEqual(
        found.body.results.map((entry) => entry.id),
        [id],
      );
      const [stored, version] = JSON.parse(
        wp.php_(
          `global $wpdb; echo wp_json_encode(array($wpdb->get_row($wpdb->prepare("SELECT name_key, words FROM {$wpdb->prefix}merchant_elements_directory WHERE id = %s", ${JSON.stringify(id)}), ARRAY_A), get_option("merchant_elements_directory_data_version")));`,
        ),
      ) as [{ name_key: string; words: string }, string];
      assert.equal(stored.name_key, 'οδοσ ταβερνα');
      // Folded again from the row's own fields: the name's words first, then its address, city and cuisines'.
      assert.match(stored.words, /^ οδοσ ταβερνα \S/);
      assert.doesNotMatch(stored.words, /ς/);
      assert.equal(version, '2');
    });

    it('drops its table on uninstall', () => {
      wp.php_(`
        require_once ABSPATH . 'wp-admin/includes/plugin.php';
        deactivate_plugins('merchant-elements/merchant-elements.php');
        uninstall_plugin('merchant-elements/merchant-elements.php');
      `);
      assert.equal(wp.php_('global $wpdb; echo (string) $wpdb->get_var("SHOW TABLES LIKE \'{$wpdb->prefix}merchant_elements_directory\'");'), '');
    });
  });
