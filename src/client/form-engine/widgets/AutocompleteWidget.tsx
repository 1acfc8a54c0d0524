import { useEffect, useState } from 'react';
import { labelValue, type WidgetProps } from '@rjsf/utils';
import { inputAria } from '../templates/aria';
import { Combobox } from './Combobox';
import { loadSource, matchOptions } from '../sources';

/** How long typing must pause before the suggestions are recomputed (spec: 200 ms). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;
/** How many suggestions are shown (spec: 10). */
export const AUTOCOMPLETE_LIMIT = 10;

/**
 * A free-text field with suggestions from a named source (`ui:options.source`: countries, cities, regions).
 * The typed text is the value, so a place missing from the list can still be entered.
 */
export default function AutocompleteWidget(props: WidgetProps) {
  const { id, value, required, disabled, readonly, autofocus, label, hideLabel, rawErrors = [], options, placeholder } = props;
  const { onChange, onBlur, onFocus } = props;
  const source = typeof options.source === 'string' ? options.source : 'countries';
  const text = typeof value === 'string' ? value : '';
  const [all, setAll] = useState<string[]>([]);
  const [query, setQuery] = useState(text);
  const [suggestions, setSuggestions] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    loadSource(source).then((list) => live && setAll(list), () => live && setAll([]));
    return () => {
      live = false;
    };
  }, [source]);

  useEffect(() => {
    const timer = setTimeout(() => setSuggestions(matchOptions(all, query, AUTOCOMPLETE_LIMIT)), AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [all, query]);

  return (
    <Combobox
      id={id}
      label={labelValue(label, hideLabel)}
      text={text}
      options={suggestions.map((s) => ({ key: s, label: s }))}
      onText={(next) => {
        setQuery(next);
        onChange(next === '' ? undefined : next);
      }}
      onPick={(option) => {
        setQuery(option.label);
        onChange(option.label);
      }}
      disabled={disabled || readonly}
      required={required}
      autoFocus={autofocus}
      placeholder={placeholder}
      error={rawErrors.length > 0}
      aria={inputAria(props)}
      onBlur={() => onBlur(id, text)}
      onFocus={() => onFocus(id, text)}
    />
  );
}
