/**
 * RJSF's default registry as the page's build gives it to `Form` (in place of @rjsf/core's `getDefaultRegistry`, by
 * the `rjsfDefaultsOnUse` plugin in vite.config.ts): the same fields, templates and widgets under the same names, but
 * only those a form draws whatever its theme are in the engine's chunk. The rest come on first use:
 *
 * - the defaults the engine's theme replaces (theme.tsx, registry.ts: the field template, the text input, the object
 *   and array templates, the buttons, the select, the checkboxes…), which a form of ours therefore never draws;
 * - fields and widgets only particular schemas or ui-schemas ask for (a layout grid, a recursive schema, the optional
 *   data controls, the fallback for an unsupported type, a file, a color, a rating, the three-select dates).
 *
 * @rjsf/core's own `getDefaultRegistry` puts every one of them in the form's code, about 9 kB gzip on every form route.
 * Nothing changes in what a form draws: a default that is drawn after all is fetched and shown when it arrives.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator, type Registry } from '@rjsf/utils';
import ArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import MultiSchemaField from '@rjsf/core/lib/components/fields/MultiSchemaField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldItemButtonsTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import DateTimeWidget from '@rjsf/core/lib/components/widgets/DateTimeWidget.js';
import DateWidget from '@rjsf/core/lib/components/widgets/DateWidget.js';
import EmailWidget from '@rjsf/core/lib/components/widgets/EmailWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import PasswordWidget from '@rjsf/core/lib/components/widgets/PasswordWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import TimeWidget from '@rjsf/core/lib/components/widgets/TimeWidget.js';
import UpDownWidget from '@rjsf/core/lib/components/widgets/UpDownWidget.js';
import URLWidget from '@rjsf/core/lib/components/widgets/URLWidget.js';

type AnyComponent = ComponentType<Record<string, unknown>>;

/** A default whose code is fetched the first time it is drawn (nothing is shown for the moment it takes). */
function onUse(load: () => Promise<Record<string, unknown>>, name = 'default'): AnyComponent {
  const Loaded = lazy(async () => ({
    default: (await load())[name] as AnyComponent,
  }));
  function OnUse(props: Record<string, unknown>) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return OnUse;
}

const iconButtons = () => import('@rjsf/core/lib/components/templates/ButtonTemplates/IconButton.js');

// Made once: a field or template must keep its identity from one render to the next (or React mounts it anew).
const fields = {
  AnyOfField: MultiSchemaField,
  ArrayField,
  BooleanField,
  CyclicSchemaField: onUse(() => import('@rjsf/core/lib/components/fields/CyclicSchemaField.js')),
  FallbackField: onUse(() => import('@rjsf/core/lib/components/fields/FallbackField.js')),
  LayoutGridField: onUse(() => import('@rjsf/core/lib/components/fields/LayoutGridField.js')),
  LayoutHeaderField: onUse(() => import('@rjsf/core/lib/components/fields/LayoutHeaderField.js')),
  LayoutMultiSchemaField: onUse(() => import('@rjsf/core/lib/components/fields/LayoutMultiSchemaField.js')),
  NumberField,
  ObjectField,
  OneOfField: MultiSchemaField,
  OptionalDataControlsField: onUse(() => import('@rjsf/core/lib/components/fields/OptionalDataControlsField.js')),
  SchemaField,
  StringField,
  NullField,
};
const templates = {
  ArrayFieldDescriptionTemplate,
  ArrayFieldItemTemplate: onUse(() => import('@rjsf/core/lib/components/templates/ArrayFieldItemTemplate.js')),
  ArrayFieldItemButtonsTemplate,
  ArrayFieldTemplate: onUse(() => import('@rjsf/core/lib/components/templates/ArrayFieldTemplate.js')),
  ArrayFieldTitleTemplate,
  ButtonTemplates: {
    AddButton: onUse(() => import('@rjsf/core/lib/components/templates/ButtonTemplates/AddButton.js')),
    CopyButton: onUse(iconButtons, 'CopyButton'),
    MoveDownButton: onUse(iconButtons, 'MoveDownButton'),
    MoveUpButton: onUse(iconButtons, 'MoveUpButton'),
    RemoveButton: onUse(iconButtons, 'RemoveButton'),
    ClearButton: onUse(iconButtons, 'ClearButton'),
    SubmitButton: onUse(() => import('@rjsf/core/lib/components/templates/ButtonTemplates/SubmitButton.js')),
  },
  BaseInputTemplate: onUse(() => import('@rjsf/core/lib/components/templates/BaseInputTemplate.js')),
  CyclicSchemaExpandTemplate: onUse(() => import('@rjsf/core/lib/components/templates/CyclicSchemaExpandTemplate.js')),
  DescriptionFieldTemplate: onUse(() => import('@rjsf/core/lib/components/templates/DescriptionField.js')),
  ErrorListTemplate: onUse(() => import('@rjsf/core/lib/components/templates/ErrorList.js')),
  FallbackFieldTemplate: onUse(() => import('@rjsf/core/lib/components/templates/FallbackFieldTemplate.js')),
  FieldTemplate: onUse(() => import('@rjsf/core/lib/components/templates/FieldTemplate/index.js')),
  FieldErrorTemplate: onUse(() => import('@rjsf/core/lib/components/templates/FieldErrorTemplate.js')),
  FieldHelpTemplate: onUse(() => import('@rjsf/core/lib/components/templates/FieldHelpTemplate.js')),
  GridTemplate: onUse(() => import('@rjsf/core/lib/components/templates/GridTemplate.js')),
  MultiSchemaFieldTemplate: onUse(() => import('@rjsf/core/lib/components/templates/MultiSchemaFieldTemplate.js')),
  ObjectFieldTemplate: onUse(() => import('@rjsf/core/lib/components/templates/ObjectFieldTemplate.js')),
  OptionalDataControlsTemplate: onUse(
    () => import('@rjsf/core/lib/components/templates/OptionalDataControlsTemplate.js'),
  ),
  TitleFieldTemplate: onUse(() => import('@rjsf/core/lib/components/templates/TitleField.js')),
  UnsupportedFieldTemplate: UnsupportedField,
  WrapIfAdditionalTemplate: onUse(() => import('@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js')),
};
const widgets = {
  AltDateWidget: onUse(() => import('@rjsf/core/lib/components/widgets/AltDateWidget.js')),
  AltDateTimeWidget: onUse(() => import('@rjsf/core/lib/components/widgets/AltDateTimeWidget.js')),
  CheckboxWidget: onUse(() => import('@rjsf/core/lib/components/widgets/CheckboxWidget.js')),
  CheckboxesWidget: onUse(() => import('@rjsf/core/lib/components/widgets/CheckboxesWidget.js')),
  ColorWidget: onUse(() => import('@rjsf/core/lib/components/widgets/ColorWidget.js')),
  DateWidget,
  DateTimeWidget,
  EmailWidget,
  FileWidget: onUse(() => import('@rjsf/core/lib/components/widgets/FileWidget.js')),
  HiddenWidget,
  PasswordWidget,
  RadioWidget: onUse(() => import('@rjsf/core/lib/components/widgets/RadioWidget.js')),
  RangeWidget: onUse(() => import('@rjsf/core/lib/components/widgets/RangeWidget.js')),
  RatingWidget: onUse(() => import('@rjsf/core/lib/components/widgets/RatingWidget.js')),
  SelectWidget: onUse(() => import('@rjsf/core/lib/components/widgets/SelectWidget.js')),
  TextWidget,
  TextareaWidget: onUse(() => import('@rjsf/core/lib/components/widgets/TextareaWidget.js')),
  TimeWidget,
  UpDownWidget,
  URLWidget,
};

/** The same shape as @rjsf/core's `getDefaultRegistry()`, a new object each call as there. */
export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: { ...fields },
    templates: {
      ...templates,
      ButtonTemplates: { ...templates.ButtonTemplates },
    },
    widgets: { ...widgets },
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: {
      idPrefix: DEFAULT_ID_PREFIX,
      idSeparator: DEFAULT_ID_SEPARATOR,
      useFallbackUiForUnsupportedType: false,
    },
  } as unknown as Omit<Registry, 'schemaUtils'>;
}
