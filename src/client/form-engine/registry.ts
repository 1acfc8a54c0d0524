/**
 * The engine's registry: the custom widgets and templates, registered once. ui-schemas choose widgets by these
 * names (`"ui:widget": "otp"`); a new widget is added here, never by forking a form.
 */
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import { lazyWidget, registerLazyWidgets } from './theme';
import GroupedObjectFieldTemplate from './templates/GroupedObjectFieldTemplate';
import TitleFieldTemplate from './templates/TitleFieldTemplate';
import DescriptionFieldTemplate from './templates/DescriptionFieldTemplate';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './templates/array-templates';
import { FieldErrorTemplate, FieldHelpTemplate } from './templates/field-aria';
import { BaseInputTemplate } from './templates/BaseInput';

/**
 * Widget names usable in ui-schemas, besides RJSF's own (text, password, textarea, select, radio, date, hidden…).
 * Each is loaded on first use (see theme.tsx): a form without one does not fetch its code.
 */
export const widgets: RegistryWidgetsType = {
  otp: lazyWidget(() => import('./widgets/OtpWidget')),
  autocomplete: lazyWidget(() => import('./widgets/AutocompleteWidget')),
  searchableSelect: lazyWidget(() => import('./widgets/SearchableSelectWidget')),
  imageUpload: lazyWidget(() => import('./widgets/ImageUploadWidget')),
  // The same widget: a field with `"x-upload": "document"` also takes a PDF (shown by its name, not a preview).
  fileUpload: lazyWidget(() => import('./widgets/ImageUploadWidget')),
};
registerLazyWidgets(widgets);

export const templates: Partial<TemplatesType> = {
  ObjectFieldTemplate: GroupedObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  BaseInputTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  TitleFieldTemplate,
  DescriptionFieldTemplate,
};
