import { memo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { muiTemplates as Templates } from '../theme';
import type { EngineContext } from '../engine-context';
import { groupsOf } from '../ui-groups';

const WIDE_WIDGETS = new Set(['textarea', 'imageUpload', 'fileUpload']);

/** Short fields sit two to a row on wide screens; long ones (text areas, uploads, lists) take the whole row. */
function isWide(name: string, schema: RJSFSchema, uiSchema: Record<string, unknown> | undefined): boolean {
  const fieldSchema = schema.properties?.[name];
  const type = typeof fieldSchema === 'object' ? fieldSchema.type : undefined;
  const widget = (uiSchema?.[name] as Record<string, unknown> | undefined)?.['ui:widget'];
  return type === 'array' || type === 'object' || (typeof widget === 'string' && WIDE_WIDGETS.has(widget));
}

const DefaultObjectFieldTemplate = Templates.ObjectFieldTemplate!;

/**
 * The sections' layout, set once on the form's box: a field is a plain cell of a CSS grid, one column on phones and
 * two from `md`, so a keystroke re-renders no layout components around the fields (only the edited field renders).
 */
const LAYOUT_SX = {
  '& .engine-section': { mb: 3 },
  '& .engine-fields': { display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } },
  '& .engine-wide': { gridColumn: '1 / -1' },
} as const;

/** Headings take strings only, so they keep their output while the user types. */
const FormHeading = memo(function FormHeading({ title, description }: { title?: string; description?: ReactNode }) {
  return (
    <>
      {title && (
        <Typography variant="h5" component="h2" gutterBottom>
          {title}
        </Typography>
      )}
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
    </>
  );
});

const SectionHeading = memo(function SectionHeading({ id, title, level }: { id: string; title: string; level: 'h2' | 'h3' }) {
  return (
    <Typography id={id} variant="h6" component={level} tabIndex={-1} sx={{ mb: 1.5, outline: 'none' }}>
      {title}
    </Typography>
  );
});

/**
 * The root object of a form with `ui:options.groups` is shown as titled sections; with `ui:options.steps` the
 * engine passes the current step in the form context and only that section is shown. Other objects render as
 * the theme renders them.
 */
export default function GroupedObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, fieldPathId, uiSchema, schema, registry, title, description } = props;
  const groups = groupsOf(uiSchema as Record<string, unknown>);
  const context = registry.formContext as EngineContext | undefined;
  const isRoot = fieldPathId.path.length === 0;
  // A row of a list is named by the array's row template ("Document 2"): its object title would repeat it.
  const isArrayRow = typeof fieldPathId.path.at(-1) === 'number';
  const showHeading = !(isRoot && context?.hideTitle) && !isArrayRow;
  if (groups.length === 0 || !isRoot) {
    return showHeading ? (
      <DefaultObjectFieldTemplate {...props} />
    ) : (
      <DefaultObjectFieldTemplate {...props} title="" description={undefined} />
    );
  }
  const step = context?.step;
  const byName = new Map(properties.map((p) => [p.name, p]));
  const grouped = new Set(groups.flatMap((g) => g.fields));
  const rest = properties.filter((p) => !grouped.has(p.name)).map((p) => p.name);
  const sections = groups.map((g, i) => ({ ...g, fields: i === groups.length - 1 ? [...g.fields, ...rest] : g.fields }));
  const shown = step === undefined ? sections : sections.slice(step, step + 1);

  const heading = showHeading && step === undefined;
  // Group headings come one level under the form's own title when it shows, else straight under the page's h1.
  const titled = Boolean(title && heading);
  return (
    <Box sx={LAYOUT_SX}>
      {heading && (title || description) && (
        <FormHeading title={title || undefined} description={description} />
      )}
      {shown.map((section) => {
        const headingId = `${fieldPathId.$id}__group_${section.title.replace(/\W+/g, '_')}`;
        return (
          <section key={section.title} className="engine-section" aria-labelledby={headingId}>
            <SectionHeading id={headingId} title={section.title} level={titled ? 'h3' : 'h2'} />
            <div className="engine-fields">
              {section.fields.map((name) => {
                const element = byName.get(name);
                if (!element) return null;
                if (element.hidden) return <div key={name}>{element.content}</div>;
                const wide = isWide(name, schema, uiSchema as Record<string, unknown>);
                return (
                  <div key={name} className={wide ? 'engine-wide' : undefined}>
                    {element.content}
                  </div>
                );
              })}
            </div>
          </section>
        );
      })}
    </Box>
  );
}
