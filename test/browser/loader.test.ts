/**
 * The shared Loader (src/elements/shared/loader.ts), which stands in for @lit/task: runs when its arguments
 * change, gives each run an AbortSignal aborted by the next run, drops a superseded run's result or error,
 * settles nothing for SKIP, and compares arguments with Object.is.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement } from 'lit';
import { Loader, SKIP } from '../../src/elements/shared/loader.ts';

interface Run {
  arg: unknown;
  signal: AbortSignal;
  resolve(value: string | typeof SKIP): void;
  reject(error: unknown): void;
}

class LoaderHost extends LitElement {
  static override properties = { arg: { attribute: false } };
  arg: unknown = 'a';
  runs: Run[] = [];
  completed: string[] = [];
  errors: unknown[] = [];
  loader = new Loader<string>(this, {
    args: () => [this.arg],
    load: (signal) =>
      new Promise<string | typeof SKIP>((resolve, reject) => {
        this.runs.push({ arg: this.arg, signal, resolve, reject });
      }),
    onComplete: (value) => this.completed.push(value),
    onError: (error) => this.errors.push(error),
  });
}
customElements.define('loader-host', LoaderHost);

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Loader', () => {
  it('runs on the first update and again only when an argument changes', async () => {
    const host = await fixture<LoaderHost>(html`<loader-host></loader-host>`);
    expect(host.runs.map((r) => r.arg)).to.deep.equal(['a']);
    host.requestUpdate();
    await host.updateComplete;
    expect(host.runs).to.have.length(1);
    host.arg = 'b';
    await host.updateComplete;
    expect(host.runs.map((r) => r.arg)).to.deep.equal(['a', 'b']);
  });

  it('a slow earlier run never overwrites a newer one; it is aborted when the next starts', async () => {
    const host = await fixture<LoaderHost>(html`<loader-host></loader-host>`);
    host.arg = 'b';
    await host.updateComplete;
    const [slow, fast] = host.runs;
    expect(slow.signal.aborted).to.equal(true);
    expect(fast.signal.aborted).to.equal(false);
    fast.resolve('B');
    await tick();
    slow.resolve('A');
    slow.reject(new Error('late failure'));
    await tick();
    expect(host.completed).to.deep.equal(['B']);
    expect(host.errors).to.deep.equal([]);
    expect(await host.loader.complete).to.equal('B');
  });

  it('an error of the current run goes to onError, and complete resolves (never rejects)', async () => {
    const host = await fixture<LoaderHost>(html`<loader-host></loader-host>`);
    const failure = new Error('down');
    host.runs[0].reject(failure);
    expect(await host.loader.complete).to.equal(undefined);
    expect(host.errors).to.deep.equal([failure]);
  });

  it('SKIP settles nothing; run() starts again at once', async () => {
    const host = await fixture<LoaderHost>(html`<loader-host></loader-host>`);
    host.runs[0].resolve(SKIP);
    await tick();
    expect(host.completed).to.deep.equal([]);
    const again = host.loader.run();
    expect(host.runs).to.have.length(2);
    host.runs[1].resolve('again');
    expect(await again).to.equal('again');
    expect(host.completed).to.deep.equal(['again']);
  });

  it('NaN equals NaN (Object.is): a NaN argument does not re-run on every update', async () => {
    const host = await fixture<LoaderHost>(html`<loader-host></loader-host>`);
    host.arg = Number.NaN;
    await host.updateComplete;
    host.requestUpdate();
    await host.updateComplete;
    expect(host.runs.map((r) => r.arg)).to.deep.equal(['a', Number.NaN]);
  });
});
