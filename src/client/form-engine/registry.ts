/**
 * The engine's registry: the custom widgets and templates, registered once. ui-schemas choose widgets by these
 * names (`"ui:widget": "otp"`); a new widget is added here, never by forking a form.
 */
import type { RegistryWidgetsType, TemplatesType } from '@rjsf/utils';
import OtpWidget from './widgets/OtpWidget';
import AutocompleteWidget from './widgets/AutocompleteWidget';
import SearchableSelectWidget from './widgets/SearchableSelectWidget';
import ImageUploadWidget from './widgets/ImageUploadWidget';
import GroupedObjectFieldTemplate from './templates/GroupedObjectFieldTemplate';
import TitleFieldTemplate from './templates/TitleFieldTemplate';
import DescriptionFieldTemplate from './templates/DescriptionFieldTemplate';
import { ArrayFieldItemTemplate, ArrayFieldTemplate } from './templates/array-templates';
import { BaseInputTemplate, FieldErrorTemplate, FieldHelpTemplate } from './templates/field-aria';

/** Widget names usable in ui-schemas, besides RJSF's own (text, password, textarea, select, radio, date, hidden…). */
export const widgets: RegistryWidgetsType = {
  otp: OtpWidget,
  autocomplete: AutocompleteWidget,
  searchableSelect: SearchableSelectWidget,
  imageUpload: ImageUploadWidget,
};

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
