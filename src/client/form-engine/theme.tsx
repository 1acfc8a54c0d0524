/**
 * The engine's MUI theme for RJSF, put together from @rjsf/mui's parts instead of its `Theme`, so that a form loads
 * only the code its fields use: `Theme` imports every widget (the slider, radio groups, checkboxes, the select's menu)
 * and the error list, and with our own widgets (MUI's Autocomplete, the image upload, the OTP boxes) that was a third
 * of the form-engine chunk on every form, the sign-in form included.
 *
 * Text fields (BaseInputTemplate, textarea) and the templates load with the engine; every other widget is loaded on
 * first use. `preloadWidgets(schema, uiSchema)` fetches the ones a form needs before it is first drawn, so a form
 * never shows a placeholder for a field; a widget a studio draft adds on the fly shows a field-sized placeholder for
 * the moment its code takes to arrive.
 */
import { lazy, Suspense, useRef, type ComponentType } from 'react';
import Box from '@mui/material/Box';
import { ADDITIONAL_PROPERTY_FLAG, type RegistryWidgetsType, type TemplatesType, type WidgetProps, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import ArrayFieldItemTemplate from '@rjsf/mui/lib/ArrayFieldItemTemplate/ArrayFieldItemTemplate.js';
import ArrayFieldTemplate from '@rjsf/mui/lib/ArrayFieldTemplate/ArrayFieldTemplate.js';
import CyclicSchemaExpandTemplate from '@rjsf/mui/lib/CyclicSchemaExpandTemplate/CyclicSchemaExpandTemplate.js';
import DescriptionField from '@rjsf/mui/lib/DescriptionField/DescriptionField.js';
import FieldHelpTemplate from '@rjsf/mui/lib/FieldHelpTemplate/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/mui/lib/FieldTemplate/FieldTemplate.js';
import GridTemplate from '@rjsf/mui/lib/GridTemplate/GridTemplate.js';
import MultiSchemaFieldTemplate from '@rjsf/mui/lib/MultiSchemaFieldTemplate/MultiSchemaFieldTemplate.js';
import ObjectFieldTemplate from '@rjsf/mui/lib/ObjectFieldTemplate/ObjectFieldTemplate.js';
import OptionalDataControlsTemplate from '@rjsf/mui/lib/OptionalDataControlsTemplate/OptionalDataControlsTemplate.js';
import SubmitButton from '@rjsf/mui/lib/SubmitButton/SubmitButton.js';
import AddButton from '@rjsf/mui/lib/AddButton/AddButton.js';
import { ClearButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton } from '@rjsf/mui/lib/IconButton/IconButton.js';
import TextareaWidget from '@rjsf/mui/lib/TextareaWidget/TextareaWidget.js';
// Not @rjsf/mui's: that one is MUI's TextField, which brings its Select (see templates/BaseInput.tsx).
import { BaseInputTemplate } from './templates/BaseInput';

const MuiWrapIfAdditional = lazy(() => import('@rjsf/mui/lib/WrapIfAdditionalTemplate/WrapIfAdditionalTemplate.js'));

/**
 * A field of a fixed property is drawn as it is; only a property an `additionalProperties` schema lets the person
 * name gets @rjsf/mui's wrapper (a text field for its name and a remove button), loaded when one is drawn: that
 * wrapper is MUI's TextField, whose Select no form of ours needs.
 */
function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const plain = (
    <div className={props.classNames} style={props.style}>
      {props.children}
    </div>
  );
  if (!(ADDITIONAL_PROPERTY_FLAG in props.schema)) return plain;
  return (
    <Suspense fallback={plain}>
      <MuiWrapIfAdditional {...props} />
    </Suspense>
  );
}

/** @rjsf/mui's own templates, as its `Templates` has them (the engine's registry overrides some). */
export const muiTemplates = {
  ArrayFieldItemTemplate,
  ArrayFieldTemplate,
  BaseInputTemplate,
  CyclicSchemaExpandTemplate,
  ButtonTemplates: {
    AddButton,
    CopyButton,
    MoveDownButton,
    MoveUpButton,
    RemoveButton,
    SubmitButton,
    ClearButton,
  },
  DescriptionFieldTemplate: DescriptionField,
  // The engine never shows the list of all errors above the form (SchemaForm sets showErrorList={false}: each field
  // says its own), so MUI's list and its List components are not loaded. The field error and the title templates
  // are the engine's own (see registry.ts).
  FieldHelpTemplate,
  FieldTemplate,
  GridTemplate,
  MultiSchemaFieldTemplate,
  ObjectFieldTemplate,
  OptionalDataControlsTemplate,
  WrapIfAdditionalTemplate,
} satisfies Partial<TemplatesType>;

type WidgetModule = { default: ComponentType<WidgetProps> };

/** A widget whose code is fetched on first use, with `preload()` to fetch it ahead. */
export interface LazyWidget {
  (props: WidgetProps): React.JSX.Element;
  preload(): Promise<void>;
}

/** Holds a field's place (an outlined field's height) while its widget's code arrives. */
function WidgetPlaceholder() {
  return <Box aria-busy="true" sx={{ minHeight: 56, borderRadius: 1, bgcolor: 'action.hover' }} />;
}

export function lazyWidget(load: () => Promise<WidgetModule>): LazyWidget {
  let Loaded: ComponentType<WidgetProps> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        Loaded = m.default;
      },
      (e: unknown) => {
        pending = undefined; // a failed fetch is tried again next time
        throw e;
      },
    ));
  const Suspended = lazy(() => preload().then(() => ({ default: Loaded! })));
  function Widget(props: WidgetProps) {
    // An instance keeps the way it was first drawn, so the widget does not mount again when its code arrives.
    const direct = useRef(Loaded !== undefined).current;
    if (direct) {
      const W = Loaded!;
      return <W {...props} />;
    }
    return (
      <Suspense fallback={<WidgetPlaceholder />}>
        <Suspended {...props} />
      </Suspense>
    );
  }
  Widget.preload = preload;
  return Widget;
}

/** The widgets other than the text ones (@rjsf/mui's, and our own select), each loaded on first use. */
export const muiWidgets = {
  CheckboxWidget: lazyWidget(() => import('@rjsf/mui/lib/CheckboxWidget/CheckboxWidget.js')),
  CheckboxesWidget: lazyWidget(() => import('@rjsf/mui/lib/CheckboxesWidget/CheckboxesWidget.js')),
  // The browser's own radio buttons (widgets/RadioWidget.tsx), a named radio group.
  RadioWidget: lazyWidget(() => import('./widgets/RadioWidget')),
  RangeWidget: lazyWidget(() => import('@rjsf/mui/lib/RangeWidget/RangeWidget.js')),
  // The browser's own select (widgets/SelectWidget.tsx), not MUI's menu: lighter, and the system picker on a phone.
  SelectWidget: lazyWidget(() => import('./widgets/SelectWidget')),
  TextareaWidget,
} satisfies RegistryWidgetsType;

/** The widgets loaded on first use, by the names a ui-schema or RJSF's defaults choose them by. */
const lazyByName = new Map<string, LazyWidget>([
  ['checkbox', muiWidgets.CheckboxWidget],
  ['checkboxes', muiWidgets.CheckboxesWidget],
  ['radio', muiWidgets.RadioWidget],
  ['range', muiWidgets.RangeWidget],
  ['select', muiWidgets.SelectWidget],
]);

/** Adds widgets (the engine's own, by their ui-schema names) that `preloadWidgets` may fetch ahead. */
export function registerLazyWidgets(widgets: Record<string, unknown>): void {
  for (const [name, w] of Object.entries(widgets)) if (typeof w === 'function' && 'preload' in w) lazyByName.set(name, w as LazyWidget);
}

/**
 * The widget names a form may draw: every `ui:widget` its ui-schema names, `select` for a field with a closed list of
 * values (`enum`, or `oneOf`/`anyOf` of `const`s), `checkbox` for a yes/no field. Branches are included (a field the
 * Recurring or Investment branch shows is preloaded too): more than drawn at first, never fewer.
 */
export function widgetNames(schema: unknown, uiSchema: unknown): Set<string> {
  const names = new Set<string>();
  const walkUi = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === 'ui:widget' && typeof v === 'string') names.add(v);
      else walkUi(v);
    }
  };
  const isConstList = (list: unknown) => Array.isArray(list) && list.length > 0 && list.every((s) => s && typeof s === 'object' && 'const' in s);
  const walkSchema = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walkSchema);
    const s = node as Record<string, unknown>;
    if (Array.isArray(s.enum) || isConstList(s.oneOf) || isConstList(s.anyOf)) names.add('select');
    if (s.type === 'boolean') names.add('checkbox');
    for (const v of Object.values(s)) if (v && typeof v === 'object') walkSchema(v);
  };
  walkUi(uiSchema);
  walkSchema(schema);
  return names;
}

/** Fetches the code of the lazily loaded widgets a form may draw (see `widgetNames`). */
export function preloadWidgets(schema: unknown, uiSchema: unknown): Promise<unknown> {
  return Promise.all([...widgetNames(schema, uiSchema)].flatMap((n) => lazyByName.get(n)?.preload() ?? []));
}
