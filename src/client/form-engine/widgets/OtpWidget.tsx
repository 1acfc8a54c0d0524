import TextField from '@mui/material/TextField';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { inputAria } from '../templates/aria';

/** A one-time-code input: digits only, at most 4, the phone's own code autofill enabled. */
export default function OtpWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors = [], onChange, onBlur, onFocus } = props;
  return (
    <TextField
      id={id}
      name={props.htmlName ?? id}
      label={labelValue(label, hideLabel)}
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      error={rawErrors.length > 0}
      autoComplete="one-time-code"
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
        onChange(digits === '' ? undefined : digits);
      }}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
      slotProps={{
        htmlInput: {
          inputMode: 'numeric',
          maxLength: 4,
          pattern: '[0-9]*',
          ...inputAria(props),
          style: { letterSpacing: '0.6em', fontSize: '1.5rem', textAlign: 'center', fontVariantNumeric: 'tabular-nums' },
        },
      }}
      fullWidth
    />
  );
}
