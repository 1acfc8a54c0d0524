/**
 * The engine's read-only view on its own: pages that only show answers (a public project page, a receipt) import
 * it from here, so they load no form renderer (RJSF's core and theme stay with the pages that fill forms).
 */
export { ReadOnlyView, FormReadOnlyView, LoadingDetails, type ReadOnlyViewProps, type FormReadOnlyViewProps } from './ReadOnlyView';
