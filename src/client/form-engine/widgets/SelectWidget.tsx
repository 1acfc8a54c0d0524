/**
 * A closed list of values (an `enum`, or `oneOf`/`anyOf` of `const`s) as the browser's own select, in the outlined
 * look of the other fields. On a phone it opens the system's picker, which is easier to use with a thumb than a
 * drawn menu, and it costs a fraction of MUI's menu select: no menu, popover or modal code on a form's route.
 * Values travel through RJSF's option encoding (an option's index by default), as in RJSF's own select.
 */
import { lazy, Suspense, useLayoutEffect, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import FormControl from '@mui/material/FormControl';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import {
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getOptionValueFormat,
  labelValue,
  SelectedOptionDescription,
  type WidgetProps,
} from '@rjsf/utils';
import { inputAria } from '../templates/aria';
import { chosenBeforeHydration } from '../hydration';
import { useWords } from '../../lib/words';
import { FieldLabel, outlineLabel, useLabelFits } from '../templates/FieldLabel';

/** A multiple choice (an array of listed values) keeps RJSF's menu select, fetched only when a form has one. */
const MenuSelect = lazy(() => import('@rjsf/mui/lib/SelectWidget/SelectWidget.js'));

export default function SelectWidget(props: WidgetProps) {
  if (props.multiple) {
    return (
      <Suspense fallback={null}>
        <MenuSelect {...props} />
      </Suspense>
    );
  }
  return <SingleSelect {...props} />;
}

/** One of a listed set: the browser's own select, in an outline like the other fields. */
function SingleSelect(props: WidgetProps) {
  const { schema, id, htmlName, options, label, hideLabel, required, disabled, readonly, placeholder, value, autofocus, rawErrors = [] } = props;
  const { t } = useWords();
  const { onChange, onBlur, onFocus } = props;
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (text: string) => enumOptionValueDecoder(text, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '') as string;
  const shown = labelValue(label || undefined, hideLabel, undefined);
  const labelId = `${id}-label`;
  const control = useRef<HTMLDivElement>(null);
  const fits = useLabelFits(control, typeof shown === 'string' ? shown : undefined, required, true);
  const outline = outlineLabel(shown, fits, true);
  // A field without a default starts on an empty choice (a select always shows one of its options).
  const emptyChoice = schema.default === undefined;
  // A choice made before the browser took a server-drawn form over is the person's: the form takes it.
  const [early] = useState(() => chosenBeforeHydration(id, enumOptions));
  useLayoutEffect(() => {
    if (early) onChange(early.value);
    // Once, when the select is first drawn.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <FormControl ref={control} fullWidth required={required} disabled={disabled || readonly} error={rawErrors.length > 0}>
        {shown && (
          <FieldLabel htmlFor={id} id={labelId} fits={fits} shrink>
            {shown}
          </FieldLabel>
        )}
        <NativeSelect
          id={id}
          name={htmlName || id}
          value={selected}
          autoFocus={autofocus}
          input={<OutlinedInput label={outline.label} notched={outline.notched} />}
          // The empty choice reads as a hint, like an empty field's placeholder; the list itself keeps normal text.
          sx={selected === '' ? { color: 'text.secondary', '& option': { color: 'text.primary' } } : undefined}
          inputProps={{ id, ...inputAria(props) }}
          onChange={(e: ChangeEvent<HTMLSelectElement>) => onChange(decode(e.target.value))}
          onBlur={(e: FocusEvent<{ value: string }>) => onBlur(id, decode(e.target.value))}
          onFocus={(e: FocusEvent<{ value: string }>) => onFocus(id, decode(e.target.value))}
        >
          {emptyChoice && <option value="">{placeholder || (required ? t('Choose one') : t('None'))}</option>}
          {enumOptions.map(({ value: optionValue, label: optionLabel }, i) => (
            <option
              key={String(optionValue)}
              value={String(enumOptionValueEncoder(optionValue, i, format))}
              disabled={Array.isArray(enumDisabled) && enumDisabled.includes(optionValue)}
            >
              {optionLabel}
            </option>
          ))}
        </NativeSelect>
      </FormControl>
      <SelectedOptionDescription {...props} />
    </>
  );
}
