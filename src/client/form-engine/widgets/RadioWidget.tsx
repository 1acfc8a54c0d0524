/**
 * One of a few listed values as the browser's own radio buttons, in the brand colour, grouped under the field's label
 * (a `radiogroup` named by it, which RJSF's Material widget leaves unnamed). Material's Radio brings its switch base,
 * ripple and label components for what the browser draws itself.
 */
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import { enumOptionSelectedValue, enumOptionValueDecoder, enumOptionValueEncoder, getOptionValueFormat, optionId, type WidgetProps } from '@rjsf/utils';
import { inputAria } from '../templates/aria';

export default function RadioWidget(props: WidgetProps) {
  const { id, htmlName, options, value, required, disabled, readonly, label, hideLabel, rawErrors = [], onChange, onBlur, onFocus } = props;
  const { enumOptions = [], enumDisabled, emptyValue, inline } = options;
  const format = getOptionValueFormat(options);
  const decode = (text: string) => enumOptionValueDecoder(text, enumOptions, format, emptyValue);
  const selected = String(enumOptionSelectedValue(value, enumOptions, false, format, ''));
  const labelId = `${id}-label`;
  const { 'aria-invalid': invalid, 'aria-describedby': describedBy } = inputAria(props);
  const named = !hideLabel && !!label;

  return (
    <>
      {named && (
        <FormLabel id={labelId} required={required} error={rawErrors.length > 0} sx={{ display: 'block' }}>
          {label}
        </FormLabel>
      )}
      <Box
        role="radiogroup"
        id={id}
        aria-labelledby={named ? labelId : undefined}
        aria-label={named ? undefined : label || undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-required={required || undefined}
        sx={{ display: 'flex', flexDirection: inline ? 'row' : 'column', flexWrap: 'wrap', columnGap: 3 }}
      >
        {enumOptions.map((option, i) => {
          const encoded = String(enumOptionValueEncoder(option.value, i, format));
          const off = disabled || readonly || (Array.isArray(enumDisabled) && enumDisabled.includes(option.value));
          return (
            <Box
              component="label"
              key={String(option.value)}
              htmlFor={optionId(id, i)}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, minHeight: 42, cursor: off ? 'default' : 'pointer', color: off ? 'text.disabled' : 'text.primary', typography: 'body1' }}
            >
              <Box
                component="input"
                type="radio"
                id={optionId(id, i)}
                name={htmlName || id}
                value={encoded}
                checked={selected === encoded}
                disabled={off}
                onChange={() => onChange(decode(encoded))}
                onBlur={() => onBlur(id, decode(selected))}
                onFocus={() => onFocus(id, decode(selected))}
                sx={{ width: 20, height: 20, m: 0, ml: 1.25, accentColor: (t) => t.palette.primary.main, cursor: 'inherit' }}
              />
              {option.label}
            </Box>
          );
        })}
      </Box>
    </>
  );
}
