import { act, render } from '@testing-library/react';
import { use } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CARD_BODY_ATTRIBUTE, MeasureBodyContext, useCardHeights } from './cardHeights.js';
import { ALERT_CARD_PX, PLAIN_CARD_PX } from './gridLayout.js';
import { ITEM_ID_ATTRIBUTE } from './resortGuard.js';

/** A ResizeObserver the test drives: `report` sends a body's height as the browser would. */
class FakeObserver {
  static last: FakeObserver | null = null;
  readonly observed = new Set<Element>();
  constructor(readonly callback: ResizeObserverCallback) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {
    this.observed.clear();
  }
  report(element: Element, blockSize: number) {
    const entry = { target: element, borderBoxSize: [{ blockSize, inlineSize: 100 }] };
    this.callback([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
  }
}

function Body({ id, alert }: { id: number; alert: boolean }) {
  const measure = use(MeasureBodyContext);
  return (
    <div {...{ [ITEM_ID_ATTRIBUTE]: id }}>
      <div
        ref={measure}
        data-testid={`body-${id}`}
        {...{ [CARD_BODY_ATTRIBUTE]: alert ? 'alert' : 'plain' }}
      />
    </div>
  );
}

const seen: Array<(index: number) => number | undefined> = [];
function Grid({ order, alerts }: { order: number[]; alerts: number }) {
  const { taller, measure } = useCardHeights(order, alerts, 16, 1);
  seen.push(taller);
  return (
    <MeasureBodyContext value={measure}>
      {order.map((id, index) => (
        <Body key={id} id={id} alert={index < alerts} />
      ))}
    </MeasureBodyContext>
  );
}

const latest = () => seen[seen.length - 1]!;

beforeEach(() => {
  seen.length = 0;
  vi.stubGlobal('ResizeObserver', FakeObserver);
});
afterEach(() => vi.unstubAllGlobals());

describe('the cards taller than their least height', () => {
  it('watches each mounted body, and stops when it unmounts', () => {
    const view = render(<Grid order={[1, 2]} alerts={1} />);
    expect(FakeObserver.last?.observed.size).toBe(2);
    view.rerender(<Grid order={[1]} alerts={1} />);
    expect(FakeObserver.last?.observed.size).toBe(1);
  });

  it('reports a body taller than its least as its card height, by place in the order', () => {
    const view = render(<Grid order={[1, 2]} alerts={1} />);
    const renders = seen.length;
    // A plain body at its least (the name's two lines and the serial line: 72 px) changes nothing.
    act(() => FakeObserver.last!.report(view.getByTestId('body-2'), 3.25 * 16 + 1.25125 * 16));
    expect(seen.length).toBe(renders);
    expect(latest()(1)).toBeUndefined();
    // Two more name lines: the card is 52 px taller, padding and borders included.
    act(() => FakeObserver.last!.report(view.getByTestId('body-2'), 72.02 + 52));
    expect(latest()(1)).toBeCloseTo(PLAIN_CARD_PX + 52, 1);
    // An alert body: its chrome is its 1rem padding above and below.
    act(() => FakeObserver.last!.report(view.getByTestId('body-1'), ALERT_CARD_PX - 32 + 40));
    expect(latest()(0)).toBeCloseTo(ALERT_CARD_PX + 40, 1);
  });

  it('does not take a plain card’s height for its alert card', () => {
    const view = render(<Grid order={[1, 2]} alerts={0} />);
    act(() => FakeObserver.last!.report(view.getByTestId('body-1'), 200));
    expect(latest()(0)).toBeGreaterThan(PLAIN_CARD_PX);
    view.rerender(<Grid order={[1, 2]} alerts={1} />);
    expect(latest()(0)).toBeUndefined();
  });

  it('forgets a card back at its least height', () => {
    const view = render(<Grid order={[1]} alerts={0} />);
    act(() => FakeObserver.last!.report(view.getByTestId('body-1'), 200));
    expect(latest()(0)).toBeDefined();
    act(() => FakeObserver.last!.report(view.getByTestId('body-1'), 60));
    expect(latest()(0)).toBeUndefined();
  });
});
