/**
 * The engine's repeating rows (documents, social media…): flat rows separated by a rule instead of RJSF's card in a
 * card, each named ("Document 2") with a labelled Remove button, and the ui-schema's `ui:options.addText` as a
 * labelled Add button. Rows and buttons take the full width on phones. Generic: the names come from the schema.
 */
import { createContext, useContext } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { buttonId, getTemplate, getUiOptions, titleId, type ArrayFieldItemTemplateProps, type ArrayFieldTemplateProps, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { useFormLanguage } from '../language';
import { engineMessage, engineNamed } from '../../../shared/i18n/messages';
import { formatNumber } from '../../../shared/format/money';
import type { Language } from '../../../shared/i18n/language';

/** What a row template needs from its array: the `minItems` floor. */
const MinItems = createContext(0);

/**
 * The name of one row, from the items' title in the form's language (the ui-schema's, which a translation fills),
 * else the schema's ("Document"), else "Item".
 */
export function itemTitle(schema: RJSFSchema | undefined, language: Language = 'en', uiSchema?: UiSchema): string {
  const own = uiSchema?.['ui:title'];
  if (typeof own === 'string' && own.trim()) return own.trim();
  return typeof schema?.title === 'string' && schema.title.trim() ? schema.title.trim() : engineMessage('Item', language);
}

/** "Social media account" → "social media account", for use inside an English sentence ("Remove social media account 2"). */
function inSentence(title: string, language: Language): string {
  return language === 'bn' ? title : title.charAt(0).toLowerCase() + title.slice(1);
}

/** The list: its title and description from the theme, the rows, then the Add button (hidden at `maxItems`). */
export function ArrayFieldTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, readonly, fieldPathId, uiSchema, items, onAddClick, registry, required, schema, title, optionalDataControl } = props;
  const uiOptions = getUiOptions(uiSchema);
  const TitleTemplate = getTemplate('ArrayFieldTitleTemplate', registry, uiOptions);
  const DescriptionTemplate = getTemplate('ArrayFieldDescriptionTemplate', registry, uiOptions);
  const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
  const itemsSchema = typeof schema.items === 'object' && !Array.isArray(schema.items) ? (schema.items as RJSFSchema) : undefined;
  const language = useFormLanguage();
  const itemsUi = uiSchema?.items as UiSchema | undefined;
  const addText =
    typeof uiOptions.addText === 'string' && uiOptions.addText ? uiOptions.addText : engineNamed('add', inSentence(itemTitle(itemsSchema, language, itemsUi), language), language);
  const shownTitle = (uiOptions.title as string | undefined) || title;

  return (
    <MinItems.Provider value={min}>
      <Box role="group" aria-labelledby={shownTitle ? titleId(fieldPathId) : undefined} sx={{ width: '100%' }}>
        {shownTitle && (
          <TitleTemplate fieldPathId={fieldPathId} title={shownTitle} schema={schema} uiSchema={uiSchema} required={required} registry={registry} optionalDataControl={optionalDataControl} />
        )}
        <DescriptionTemplate fieldPathId={fieldPathId} description={(uiOptions.description as string | undefined) || schema.description} schema={schema} uiSchema={uiSchema} registry={registry} />
        {items.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
            {engineMessage('None added yet.', language)}
          </Typography>
        )}
        {items}
        {canAdd && (
          <Button
            id={buttonId(fieldPathId, 'add')}
            type="button"
            variant="outlined"
            startIcon={<AddIcon aria-hidden />}
            onClick={onAddClick}
            disabled={disabled || readonly}
            sx={{ mt: 1, width: { xs: '100%', sm: 'auto' } }}
          >
            {addText}
          </Button>
        )}
      </Box>
    </MinItems.Provider>
  );
}

/** One row: its name and Remove button on a line (no Remove while the list holds only `minItems` rows), then its fields. */
export function ArrayFieldItemTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, index, totalItems, schema, uiSchema, disabled, readonly } = props;
  const min = useContext(MinItems);
  const language = useFormLanguage();
  const name = `${itemTitle(schema, language, uiSchema)} ${formatNumber(index + 1, language)}`;
  const removable = buttonsProps.hasRemove && totalItems > min && !disabled && !readonly;

  return (
    // A rule between rows; the first sits under the list's title, which has its own.
    <Box role="group" aria-label={name} sx={{ borderTop: index === 0 ? 0 : 1, borderColor: 'divider', py: 2, width: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography variant="subtitle2" component="p" color="text.secondary">
          {name}
        </Typography>
        {removable && (
          <Button
            type="button"
            size="small"
            color="inherit"
            startIcon={<DeleteIcon aria-hidden />}
            onClick={buttonsProps.onRemoveItem}
            aria-label={engineNamed('remove', inSentence(name, language), language)}
          >
            {engineMessage('Remove', language)}
          </Button>
        )}
      </Box>
      {children}
    </Box>
  );
}
