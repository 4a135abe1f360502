import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { preloadable } from './preloadable';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A module load the test settles by hand, counting the loads. */
function controlledLoad() {
  let resolve: (module: { default: typeof Greeting }) => void = () => undefined;
  const loads = { count: 0 };
  const load = () => {
    loads.count += 1;
    return new Promise<{ default: typeof Greeting }>((settle) => (resolve = settle));
  };
  return { load, loads, finish: () => resolve({ default: Greeting }) };
}

describe('preloadable', () => {
  it('renders a preloaded component at once, without showing the fallback', async () => {
    const { load, loads, finish } = controlledLoad();
    const Page = preloadable(load);
    const preloading = Page.preload();
    finish();
    await preloading;

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Ada" />
      </Suspense>,
    );

    screen.getByText('Hello Ada');
    expect(screen.queryByText('Loading')).toBeNull();
    expect(loads.count).toBe(1);
  });

  it('suspends like React.lazy when its chunk has not loaded, and loads it once', async () => {
    const { load, loads, finish } = controlledLoad();
    const Page = preloadable(load);

    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page name="Grace" />
      </Suspense>,
    );
    screen.getByText('Loading');

    await act(async () => finish());
    await screen.findByText('Hello Grace');
    expect(screen.queryByText('Loading')).toBeNull();
    await Page.preload();
    expect(loads.count).toBe(1);
  });
});
