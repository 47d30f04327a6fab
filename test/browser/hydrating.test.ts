/**
 * What an element renders differently in the render Lit's hydration binds to a server's markup
 * (src/elements/shared/hydrating.ts): a value that changes with time alone (`timely`) is written by the render that
 * follows hydration, where a plain value keeps the server's text; a server-only part (`hydrating()`) is there for
 * hydration and gone after. On a hand-made server render of one small template, with Lit's own markers and digest.
 */
import { expect } from '@open-wc/testing';
import { html, nothing, render } from 'lit';
import { digestForTemplateResult, hydrate } from '@lit-labs/ssr-client';
import { hydrating, renderAfterHydration, renderToHydrate, timely } from '../../src/elements/shared/hydrating.ts';

const note = () => html`<i>as of then</i>`;
/** A status line: its text, its `part` attribute and a server-only note. */
const view = (status: unknown, kind: unknown, serverOnly: boolean) => html`<p part="badge badge-${kind}">${status}</p>${serverOnly ? note() : nothing}`;

/** What Lit's SSR writes for `view('Open now', 'open', true)`, with the text the server computed then. */
function serverMarkup(text: string): HTMLElement {
  const container = document.createElement('div');
  const outer = digestForTemplateResult(view('', '', true));
  const inner = digestForTemplateResult(note());
  container.innerHTML =
    `<!--lit-part ${outer}--><!--lit-node 0--><p part="badge badge-open"><!--lit-part-->${text}<!--/lit-part--></p>` +
    `<!--lit-part ${inner}--><i>as of then</i><!--/lit-part--><!--/lit-part-->`;
  return container;
}

describe('the render hydration binds to the server markup', () => {
  it("writes a timely value in the render after hydration, where a plain value keeps the server's text", () => {
    const plain = serverMarkup('Open now');
    hydrate(
      renderToHydrate(() => view('Closed now', 'closed', hydrating())),
      plain,
    );
    render(view('Closed now', 'closed', hydrating()), plain);
    // Hydration takes the value as already there: the server's text stays (what `timely` is for).
    expect(plain.querySelector('p')!.textContent).to.equal('Open now');

    const timed = serverMarkup('Open now');
    hydrate(
      renderToHydrate(() => view(timely('Closed now'), timely('closed'), hydrating())),
      timed,
    );
    // Bound, and still the server's until the render that follows.
    expect(timed.querySelector('p')!.textContent).to.equal('Open now');
    expect(timed.querySelector('i')).not.to.equal(null);
    render(view(timely('Closed now'), timely('closed'), hydrating()), timed);
    expect(timed.querySelector('p')!.textContent).to.equal('Closed now');
    expect(timed.querySelector('p')!.getAttribute('part')).to.equal('badge badge-closed');
    // The server-only note was in the hydrated render (so the templates matched), and the next render dropped it.
    expect(timed.querySelector('i')).to.equal(null);
    expect(timed.querySelectorAll('p').length).to.equal(1);
  });

  it('says whether the hydrated render holds a part of its own, which a render after it must write', () => {
    renderToHydrate(() => view('Open now', 'open', false));
    expect(renderAfterHydration(), 'a plain render: none needed').to.equal(false);
    renderToHydrate(() => view(timely('Open now'), 'open', false));
    expect(renderAfterHydration(), 'a time-dependent value').to.equal(true);
    renderToHydrate(() => view('Open now', 'open', hydrating()));
    expect(renderAfterHydration(), 'a server-only part asked for').to.equal(true);
    // Asked outside a hydrated render, neither counts.
    renderToHydrate(() => view('Open now', 'open', false));
    timely('x');
    hydrating();
    expect(renderAfterHydration()).to.equal(false);
  });

  it('is on only inside renderToHydrate', () => {
    expect(hydrating()).to.equal(false);
    expect(renderToHydrate(() => hydrating())).to.equal(true);
    expect(hydrating()).to.equal(false);
    expect(timely('x')).to.equal('x');
  });
});
