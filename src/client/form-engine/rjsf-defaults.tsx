/**
 * RJSF's default registry as the page's build gives it to `Form` (in place of @rjsf/core's `getDefaultRegistry`, by
 * the `rjsfDefaultsOnUse` plugin in vite.config.ts): the same fields, templates and widgets under the same names, but
 * only those a form draws whatever its theme are in the engine's chunk. The rest come on first use (@rjsf/core's own
 * registry, one chunk, which none of the product's forms fetches):
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
type Table = Record<string, AnyComponent>;

/** @rjsf/core's own registry, as one chunk fetched the first time any default below is drawn. */
let core: Promise<{ fields: Table; templates: Table & { ButtonTemplates: Table }; widgets: Table }> | undefined;
const loadCore = () =>
  (core ??= import('@rjsf/core/lib/getDefaultRegistry.js').then(
    (m) => m.default() as unknown as { fields: Table; templates: Table & { ButtonTemplates: Table }; widgets: Table },
  ));

/** @rjsf/core's default `name` of a kind, fetched the first time it is drawn (nothing is shown for that moment). */
function onUse(kind: 'fields' | 'templates' | 'buttons' | 'widgets', name: string): AnyComponent {
  const Loaded = lazy(async () => {
    const registry = await loadCore();
    const table = kind === 'buttons' ? registry.templates.ButtonTemplates : registry[kind];
    return { default: table[name]! };
  });
  function OnUse(props: Record<string, unknown>) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return OnUse;
}

// Made once: a field or template must keep its identity from one render to the next (or React mounts it anew).
const fields = {
  AnyOfField: MultiSchemaField,
  ArrayField,
  BooleanField,
  CyclicSchemaField: onUse('fields', 'CyclicSchemaField'),
  FallbackField: onUse('fields', 'FallbackField'),
  LayoutGridField: onUse('fields', 'LayoutGridField'),
  LayoutHeaderField: onUse('fields', 'LayoutHeaderField'),
  LayoutMultiSchemaField: onUse('fields', 'LayoutMultiSchemaField'),
  NumberField,
  ObjectField,
  OneOfField: MultiSchemaField,
  OptionalDataControlsField: onUse('fields', 'OptionalDataControlsField'),
  SchemaField,
  StringField,
  NullField,
};
const templates = {
  ArrayFieldDescriptionTemplate,
  ArrayFieldItemTemplate: onUse('templates', 'ArrayFieldItemTemplate'),
  ArrayFieldItemButtonsTemplate,
  ArrayFieldTemplate: onUse('templates', 'ArrayFieldTemplate'),
  ArrayFieldTitleTemplate,
  ButtonTemplates: {
    AddButton: onUse('buttons', 'AddButton'),
    CopyButton: onUse('buttons', 'CopyButton'),
    MoveDownButton: onUse('buttons', 'MoveDownButton'),
    MoveUpButton: onUse('buttons', 'MoveUpButton'),
    RemoveButton: onUse('buttons', 'RemoveButton'),
    ClearButton: onUse('buttons', 'ClearButton'),
    SubmitButton: onUse('buttons', 'SubmitButton'),
  },
  BaseInputTemplate: onUse('templates', 'BaseInputTemplate'),
  CyclicSchemaExpandTemplate: onUse('templates', 'CyclicSchemaExpandTemplate'),
  DescriptionFieldTemplate: onUse('templates', 'DescriptionFieldTemplate'),
  ErrorListTemplate: onUse('templates', 'ErrorListTemplate'),
  FallbackFieldTemplate: onUse('templates', 'FallbackFieldTemplate'),
  FieldTemplate: onUse('templates', 'FieldTemplate'),
  FieldErrorTemplate: onUse('templates', 'FieldErrorTemplate'),
  FieldHelpTemplate: onUse('templates', 'FieldHelpTemplate'),
  GridTemplate: onUse('templates', 'GridTemplate'),
  MultiSchemaFieldTemplate: onUse('templates', 'MultiSchemaFieldTemplate'),
  ObjectFieldTemplate: onUse('templates', 'ObjectFieldTemplate'),
  OptionalDataControlsTemplate: onUse('templates', 'OptionalDataControlsTemplate'),
  TitleFieldTemplate: onUse('templates', 'TitleFieldTemplate'),
  UnsupportedFieldTemplate: UnsupportedField,
  WrapIfAdditionalTemplate: onUse('templates', 'WrapIfAdditionalTemplate'),
};
const widgets = {
  AltDateWidget: onUse('widgets', 'AltDateWidget'),
  AltDateTimeWidget: onUse('widgets', 'AltDateTimeWidget'),
  CheckboxWidget: onUse('widgets', 'CheckboxWidget'),
  CheckboxesWidget: onUse('widgets', 'CheckboxesWidget'),
  ColorWidget: onUse('widgets', 'ColorWidget'),
  DateWidget,
  DateTimeWidget,
  EmailWidget,
  FileWidget: onUse('widgets', 'FileWidget'),
  HiddenWidget,
  PasswordWidget,
  RadioWidget: onUse('widgets', 'RadioWidget'),
  RangeWidget: onUse('widgets', 'RangeWidget'),
  RatingWidget: onUse('widgets', 'RatingWidget'),
  SelectWidget: onUse('widgets', 'SelectWidget'),
  TextWidget,
  TextareaWidget: onUse('widgets', 'TextareaWidget'),
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
