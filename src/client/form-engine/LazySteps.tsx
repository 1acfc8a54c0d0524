import { lazy, Suspense, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import type { FormStepsProps } from './FormSteps';

// The step bar, loaded by forms that have steps (before they are first drawn: see preloadParts).
let LoadedSteps: ComponentType<FormStepsProps> | undefined;
let stepsPending: Promise<void> | undefined;

/** Loads the step bar's code (once; again after a failure). */
export function loadSteps(): Promise<void> {
  return (stepsPending ??= import('./FormSteps').then(
    (m) => {
      LoadedSteps = m.default;
    },
    (e: unknown) => {
      stepsPending = undefined;
      throw e;
    },
  ));
}
const LazySteps = lazy(() => loadSteps().then(() => ({ default: LoadedSteps! })));

/** The step bar: drawn at once when its code is loaded, else (a placeholder of its height) when it arrives. */
export function Steps(props: FormStepsProps) {
  if (LoadedSteps) return <LoadedSteps {...props} />;
  return (
    <Suspense fallback={<Box sx={{ minHeight: 60, mb: 3 }} />}>
      <LazySteps {...props} />
    </Suspense>
  );
}
