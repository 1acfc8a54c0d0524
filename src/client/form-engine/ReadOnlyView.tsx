/**
 * The read-only view of a stored form document, drawn from the form's schema and ui-schema like the form itself:
 * each field under its schema `title`, in `ui:order` and the ui-schema's groups, enums by their labels, money
 * (`"x-money"`) as ৳ with separators, dates in the one style, files as thumbnails that open, lists compact, nested
 * objects as groups, and conditional fields only when the data takes their branch. A field added to a schema
 * appears here with no code change. Drawn in plain CSS (`.ro-*` in src/client/ui/site.css): a public project page
 * shows it, and must not need Material for it.
 */
import { Suspense, use, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { FormId } from '../../shared/generated/form-types';
import { localUiSchema, useFormLanguage } from './language';
import { useWords } from '../lib/words';
import { formatNumber } from '../../shared/format/money';
import { definitionFromAnswer, loadFormDefinition, loadFormVersion, type FormDefinition, type PublishedDefinition } from './definitions';
import FileThumb from './read-only/FileThumb';
import { hasValue, isFileValue, kindOf, loadPhoneFormat, phoneFormatLoaded, shownFields, shownGroups, valueText, type ShownField } from './read-only/fields';

type Data = Record<string, unknown>;

export interface ReadOnlyViewProps {
  schema: RJSFSchema;
  uiSchema?: UiSchema;
  /** The stored document. */
  data: Data;
  /** The form's validator: it decides which conditional branches the data takes, as the form does. */
  validator: ValidatorType;
  /** Resolves a stored file id (`file:<id>`) to a URL an <img> can show (the engine knows no HTTP). */
  fileUrl?: (fileId: string) => Promise<string>;
  /** The form version the document was validated with: shown as "Submitted with version N" when given. */
  version?: number | string | null;
  /** Fields the page already shows in its own layout. */
  omit?: readonly string[];
  /** The level of the group headings (default 3). */
  headingLevel?: 2 | 3 | 4 | 5;
  /** Accessible name of the view when it has no group headings. */
  label?: string;
}

interface Ctx {
  validator: ValidatorType;
  rootSchema: RJSFSchema;
  fileUrl?: (fileId: string) => Promise<string>;
}

/** A list value: primitives inline, files as a row of thumbnails, objects one compact row each. */
function ListValue({ field, ctx }: { field: ShownField; ctx: Ctx }) {
  const items = (field.value as unknown[]).filter(hasValue);
  const itemSchema = (typeof field.schema.items === 'object' && !Array.isArray(field.schema.items) ? field.schema.items : {}) as RJSFSchema;
  const itemUi = (field.uiSchema.items ?? {}) as UiSchema;
  const language = useFormLanguage();
  // A row's name in the page's language: the items' title as translated (the ui-schema's), and the number's digits.
  const rowName = (i: number) => `${String(itemUi['ui:title'] ?? itemSchema.title ?? field.title)} ${formatNumber(i + 1, language)}`;
  if (items.every((v) => typeof v !== 'object')) {
    return (
      <ul className="plain-list ro-inline-list">
        {items.map((v, i) => (
          <li key={i}>
            <Value field={{ ...field, schema: itemSchema, uiSchema: itemUi, value: v, title: `${field.title} ${formatNumber(i + 1, language)}` }} ctx={ctx} siblings={{}} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ol className="plain-list ro-rows">
      {items.map((item, i) => {
        const fields = shownFields(ctx.validator, itemSchema, ctx.rootSchema, itemUi, item as Data);
        const files = fields.filter((f) => kindOf(f) === 'file');
        const texts = fields.filter((f) => kindOf(f) !== 'file');
        const itemTitle = rowName(i);
        return (
          <li key={i} aria-label={itemTitle} className="ro-row">
            {files.map((f) => (
              <FileThumb key={f.name} value={f.value as string} label={`${itemTitle}: ${f.title}`} fileUrl={ctx.fileUrl} />
            ))}
            <div className="ro-row-texts">
              {texts.map((f) => (
                <span key={f.name} className="ro-break">
                  <span className="t-muted">{f.title}: </span>
                  <Value field={f} ctx={ctx} siblings={item as Data} />
                </span>
              ))}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

/** One value, shown the way its schema says. */
/** A phone number in the one readable form, drawn once its rules have loaded (as stored meanwhile). */
function PhoneValue({ field, siblings }: { field: ShownField; siblings: Data }): ReactNode {
  const language = useFormLanguage();
  if (!phoneFormatLoaded()) use(loadPhoneFormat());
  return <span>{valueText(field, siblings, language)}</span>;
}

function Value({ field, ctx, siblings }: { field: ShownField; ctx: Ctx; siblings: Data }): ReactNode {
  const language = useFormLanguage();
  const kind = kindOf(field);
  if (kind === 'list') return <ListValue field={field} ctx={ctx} />;
  if (kind === 'object') {
    const fields = shownFields(ctx.validator, field.schema, ctx.rootSchema, field.uiSchema, field.value as Data);
    return <FieldList fields={fields} ctx={ctx} siblings={field.value as Data} nested />;
  }
  if (kind === 'file' && isFileValue(field.value)) return <FileThumb value={field.value} label={field.title} fileUrl={ctx.fileUrl} />;
  if (kind === 'text' && field.schema.format === 'phone' && typeof field.value === 'string') {
    return (
      <Suspense fallback={<span>{field.value}</span>}>
        <PhoneValue field={field} siblings={siblings} />
      </Suspense>
    );
  }
  const text = valueText(field, siblings, language);
  if (kind === 'link') {
    return (
      <a href={text} target="_blank" rel="noopener noreferrer" className="link-primary" style={{ wordBreak: 'break-all' }}>
        {text}
      </a>
    );
  }
  if (kind === 'money') return <span className="ro-money">{text}</span>;
  return <span style={kind === 'long-text' ? { whiteSpace: 'pre-line' } : undefined}>{text}</span>;
}

/** A description list of fields: label beside value on wide screens, above it on phones. */
function FieldList({ fields, ctx, siblings, nested, label }: { fields: ShownField[]; ctx: Ctx; siblings: Data; nested?: boolean; label?: string }) {
  return (
    <dl aria-label={label} className={nested ? 'ro-fields ro-fields-nested' : 'ro-fields'}>
      {fields.map((f) => (
        <div key={f.name} style={{ display: 'contents' }}>
          <dt className="t-body2 t-muted ro-label">{f.title}</dt>
          <dd className="ro-value">
            <Value field={f} ctx={ctx} siblings={siblings} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The read-only view of a stored document, from its schema and ui-schema. */
export function ReadOnlyView({ schema, uiSchema, data, validator, fileUrl, version, omit, headingLevel = 3, label }: ReadOnlyViewProps) {
  const groups = useMemo(() => shownGroups(shownFields(validator, schema, schema, uiSchema, data, omit), uiSchema), [validator, schema, uiSchema, data, omit]);
  const ctx: Ctx = { validator, rootSchema: schema, fileUrl };
  const heading = `h${headingLevel}` as const;
  const idBase = useId();
  const { t, language } = useWords();
  return (
    <div className="ro-view" data-testid="read-only-view">
      {version !== undefined && version !== null && version !== '' && <p className="t-body2 t-muted">{t('Submitted with version {version}', { version: formatNumber(Number(version), language) })}</p>}
      {groups.length === 0 && <p className="t-body t-muted">{t('Nothing was filled in.')}</p>}
      {groups.map((g, i) => {
        const Heading = heading;
        return g.title ? (
          <section key={g.title} aria-labelledby={`${idBase}-group-${i}`}>
            <Heading id={`${idBase}-group-${i}`} className="ro-group-title">
              {g.title}
            </Heading>
            <FieldList fields={g.fields} ctx={ctx} siblings={data} />
          </section>
        ) : (
          <FieldList key={i} fields={g.fields} ctx={ctx} siblings={data} label={label} />
        );
      })}
    </div>
  );
}

export interface FormReadOnlyViewProps extends Omit<ReadOnlyViewProps, 'schema' | 'uiSchema' | 'validator' | 'version'> {
  formId: FormId;
  /**
   * The form version the document was validated with (the API's `formVersion`): the view is drawn with that
   * version's titles and labels. Without it, the current version.
   */
  formVersion?: number | null;
  /** Says "Submitted with version N" (for staff; people who filled the form have no use for version numbers). */
  showVersion?: boolean;
  /**
   * That version as the page came with it (a server-rendered page): the view is drawn from it at once, on the server
   * too, so a reader sees the details without the page's code; without it the view loads its definition itself.
   */
  published?: PublishedDefinition;
}

/** The read-only view of a document of form `formId`, its definition loaded as the form loads it. */
export function FormReadOnlyView({ formId, formVersion, showVersion = false, published, ...rest }: FormReadOnlyViewProps) {
  const version = showVersion ? (formVersion ?? undefined) : undefined;
  if (published) {
    return (
      <Suspense fallback={<LoadingDetails />}>
        <PublishedReadOnlyView formId={formId} published={published} version={version} {...rest} />
      </Suspense>
    );
  }
  return <LoadedReadOnlyView formId={formId} formVersion={formVersion} version={version} {...rest} />;
}

type ViewRest = Omit<FormReadOnlyViewProps, 'formVersion' | 'showVersion' | 'published'> & { version: number | undefined };

/** What a read-only view shows while its definition is on its way. */
export const LoadingDetails = () => <span className="skeleton" style={{ height: 120 }} role="progressbar" aria-label="Loading the details" />;

function PublishedReadOnlyView({ formId, published, version, ...rest }: ViewRest & { published: PublishedDefinition }) {
  // The same promise for the same version on every render (definitionFromAnswer keeps it).
  const definition = use(definitionFromAnswer(formId, published));
  const language = useFormLanguage();
  return <ReadOnlyView schema={definition.schema} uiSchema={localUiSchema(definition, language)} validator={definition.validator} version={version} {...rest} />;
}

function LoadedReadOnlyView({ formId, formVersion, version, ...rest }: ViewRest & { formVersion?: number | null }) {
  const [definition, setDefinition] = useState<FormDefinition | null>(null);
  const [failed, setFailed] = useState(false);
  const language = useFormLanguage();
  useEffect(() => {
    let live = true;
    setFailed(false);
    (formVersion ? loadFormVersion(formId, formVersion) : loadFormDefinition(formId)).then(
      (d) => live && setDefinition(d),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [formId, formVersion]);
  if (failed) return <p className="t-body" style={{ color: 'var(--error)' }}>These details could not be shown.</p>;
  if (!definition || definition.formId !== formId) return <LoadingDetails />;
  return <ReadOnlyView schema={definition.schema} uiSchema={localUiSchema(definition, language)} validator={definition.validator} version={version} {...rest} />;
}
