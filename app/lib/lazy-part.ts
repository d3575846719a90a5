import { type ComponentType, lazy } from "react";

/**
 * A part of a page whose code the browser fetches apart (and, with `when`, only once that resolves),
 * while the server renders it in the document. React's `lazy` would suspend on the server too, the
 * first time it renders: that part would then stream in after the document, which needs a script
 * to show. So the server loads the module as it starts and hands it over synchronously (a thenable
 * that calls back at once, which `lazy` takes as already resolved).
 */
export function lazyPart<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  when?: () => Promise<void>,
) {
  let loaded: M | undefined;
  if (import.meta.env.SSR)
    void load().then((module) => {
      loaded = module;
    });
  return lazy(() => {
    if (loaded !== undefined) {
      const module = { default: pick(loaded) };
      // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose (see above)
      return { then: (resolve: (value: typeof module) => void) => resolve(module) } as Promise<typeof module>;
    }
    const ready = when && !import.meta.env.SSR ? when().then(load) : load();
    return ready.then((module) => ({ default: pick(module) }));
  });
}
