import Autocomplete from '@mui/material/Autocomplete';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { inputAria } from '../templates/aria';
import { AutocompleteInput } from './AutocompleteInput';

interface Option {
  label: string;
  value: unknown;
}

/** A select over the schema's enum with a search box (the currency list). Only listed values can be chosen. */
export default function SearchableSelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors = [], options, placeholder } = props;
  const { onChange, onBlur, onFocus } = props;
  const enumOptions = (options.enumOptions ?? []) as Option[];
  const selected = enumOptions.find((o) => o.value === value) ?? null;
  return (
    <Autocomplete<Option>
      id={id}
      options={enumOptions}
      value={selected}
      disabled={disabled || readonly}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      getOptionLabel={(o) => o.label}
      onChange={(_e, next) => onChange(next ? next.value : undefined)}
      renderInput={(params) => (
        <AutocompleteInput
          params={params}
          label={labelValue(label, hideLabel)}
          required={required}
          autoFocus={autofocus}
          placeholder={placeholder ?? 'Type to search'}
          error={rawErrors.length > 0}
          aria={inputAria(props)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
        />
      )}
    />
  );
}
