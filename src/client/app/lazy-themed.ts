import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A component drawn with Material, loaded lazily: its module and the theme's (ThemeScope.tsx) together, the component
 * drawn inside the theme. Nothing of Material is imported here, so the page shell stays free of it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept by ComponentProps
export function lazyThemed<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyExoticComponent<ComponentType<ComponentProps<C>>> {
  return lazy(() => Promise.all([load(), import('./ThemeScope')]).then(([m, scope]) => ({ default: scope.themed<ComponentProps<C>>(m.default) })));
}
