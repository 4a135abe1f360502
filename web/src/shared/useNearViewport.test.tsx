import { act, render, screen } from '@testing-library/react';
import { FakeIntersectionObserver } from '../testing/intersectionObserver';
import { NEAR_VIEWPORT_MARGIN, useNearViewport } from './useNearViewport';

function Widget() {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? 'chart' : 'placeholder'}</div>;
}

describe('useNearViewport', () => {
  afterEach(() => FakeIntersectionObserver.restore());

  it('counts everything as near without IntersectionObserver (jsdom, old browsers)', () => {
    render(<Widget />);
    expect(screen.getByText('chart')).toBeTruthy();
  });

  it('draws once the element comes near the viewport, then stops watching it', () => {
    FakeIntersectionObserver.install();
    render(<Widget />);
    expect(screen.getByText('placeholder')).toBeTruthy();
    const [observer] = FakeIntersectionObserver.all;
    expect(observer?.options?.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);

    act(() => observer!.report(false));
    expect(screen.getByText('placeholder')).toBeTruthy();

    act(() => observer!.report(true));
    expect(screen.getByText('chart')).toBeTruthy();
    expect(observer!.disconnected).toBe(true);
    // Scrolled away again, it stays drawn: nothing watches it any more.
    expect(FakeIntersectionObserver.all.every((each) => each.targets.size === 0)).toBe(true);
  });
});
