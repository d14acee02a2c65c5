import * as React from "react";

// Decision 177: a component whose code the browser fetches only when it first
// renders — a modal's form, a menu's content — so a list page's first load leaves it out.
//
// Unlike React.lazy, the server never waits for it: the server build starts loading every such
// module when it starts, and renders it at once, so a page opened with ?modal=… (and without
// JavaScript) is complete in the first answer. In the browser the first render suspends until the
// chunk is there; put it inside a <Suspense> (which also lets hydration keep the server's HTML of
// an open modal until the chunk arrives), and later renders are synchronous.

type AnyProps = Record<string, unknown>;

export interface LazyComponent<P> {
  (props: P): React.ReactNode;
  /** Starts fetching the chunk (on intent: a pointer over the opener, a focus). */
  preload: () => Promise<unknown>;
}

export function lazyComponent<P extends object>(load: () => Promise<React.ComponentType<P>>): LazyComponent<P> {
  let loaded: React.ComponentType<P> | null = null;
  let promise: Promise<React.ComponentType<P>> | null = null;
  const preload = () => {
    promise ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        promise = null; // a failed fetch is tried again on the next render (lib/chunk-reload.ts reloads the page)
        throw error;
      },
    );
    return promise;
  };
  if (import.meta.env.SSR) preload().catch(() => undefined);
  function Lazy(props: P) {
    const Component = loaded ?? React.use(preload());
    // The same component every render once loaded (the module's export), not one made per render.
    // eslint-disable-next-line react-hooks/static-components
    return <Component {...(props as P & AnyProps)} />;
  }
  Lazy.preload = preload;
  return Lazy;
}

/**
 * A control whose interactive part (a Radix menu, popover, tooltip) is a lazy component: until the
 * user asks for it, the page shows a plain look-alike; `intent` starts the fetch when a pointer
 * comes over it or it gets the focus, and `request()` (its click) swaps in the real one, open.
 */
export function useOnDemand(lazy: { preload: () => Promise<unknown> }, initiallyRequested = false) {
  const [requested, setRequested] = React.useState(initiallyRequested);
  const preload = React.useCallback(() => void lazy.preload().catch(() => undefined), [lazy]);
  const request = React.useCallback(() => {
    preload();
    setRequested(true);
  }, [preload]);
  return { requested, request, intent: { onPointerEnter: preload, onFocus: preload } };
}
