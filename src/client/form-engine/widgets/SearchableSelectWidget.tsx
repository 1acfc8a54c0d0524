import { useState } from 'react';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { inputAria } from '../templates/aria';
import { Combobox } from './Combobox';

interface Option {
  label: string;
  value: unknown;
}

/** The listed options whose label holds the typed text (any case); all of them while the text is the choice itself. */
function filterOptions(options: readonly Option[], text: string, chosen: Option | undefined): Option[] {
  const q = text.trim().toLocaleLowerCase();
  if (!q || (chosen && text === chosen.label)) return [...options];
  return options.filter((o) => o.label.toLocaleLowerCase().includes(q));
}

/**
 * A select over the schema's enum with a search box (the currency list). Only listed values can be chosen: text that
 * names none of them goes back to the chosen one when the field is left, and an emptied field clears the choice.
 */
export default function SearchableSelectWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors = [], options, placeholder } = props;
  const { onChange, onBlur, onFocus } = props;
  const enumOptions = (options.enumOptions ?? []) as Option[];
  const chosen = enumOptions.find((o) => o.value === value);
  // What is typed, while it is being typed; otherwise the chosen option's label.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? chosen?.label ?? '';
  const matches = filterOptions(enumOptions, text, chosen);
  return (
    <Combobox
      id={id}
      label={labelValue(label, hideLabel)}
      text={text}
      options={matches.map((o) => ({ key: String(o.value), label: o.label }))}
      noneText="No match"
      onText={setTyped}
      onPick={(picked) => {
        setTyped(null);
        onChange(matches.find((o) => String(o.value) === picked.key)?.value);
      }}
      disabled={disabled || readonly}
      required={required}
      autoFocus={autofocus}
      placeholder={placeholder ?? 'Type to search'}
      error={rawErrors.length > 0}
      aria={inputAria(props)}
      onBlur={() => {
        if (typed !== null) {
          const exact = enumOptions.find((o) => o.label.toLocaleLowerCase() === typed.trim().toLocaleLowerCase());
          const next = typed.trim() === '' ? undefined : exact ? exact.value : value;
          if (next !== value) onChange(next);
          setTyped(null);
          onBlur(id, next);
        } else onBlur(id, value);
      }}
      onFocus={() => onFocus(id, value)}
    />
  );
}
