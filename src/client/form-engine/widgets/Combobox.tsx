/**
 * A text box with a list of suggestions under it (the WAI-ARIA combobox pattern), for the engine's suggestion widgets
 * (AutocompleteWidget: free text with places suggested; SearchableSelectWidget: one of a listed set). Built from the
 * same parts as the other fields (templates/BaseInput.tsx), it is a small fraction of MUI's Autocomplete, which brought
 * Popper, Chip and a menu select onto every form with such a field.
 *
 * Keys: ↓/↑ move through the suggestions (↓ opens the list), Enter takes the highlighted one, Escape closes the list.
 * A click or tap on a suggestion takes it. The list sits under the field, as wide as it.
 */
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import { FieldLabel, outlineLabel, useLabelFits } from '../templates/FieldLabel';

export interface ComboboxOption {
  key: string;
  label: string;
}

export interface ComboboxProps {
  id: string;
  label: ReactNode;
  text: string;
  options: readonly ComboboxOption[];
  onText(text: string): void;
  onPick(option: ComboboxOption): void;
  onBlur(event: FocusEvent<HTMLInputElement>): void;
  onFocus(event: FocusEvent<HTMLInputElement>): void;
  /** Shown as the list's only line when nothing matches (a list of set values says so); without it the list closes. */
  noneText?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  error?: boolean;
  /** aria-invalid and aria-describedby for the input (templates/aria.ts). */
  aria: Record<string, unknown>;
}

export function Combobox(props: ComboboxProps) {
  const { id, label, text, options, onText, onPick, noneText, required, disabled, autoFocus, placeholder, error, aria } = props;
  const listId = `${id}-listbox`;
  const labelId = `${id}-label`;
  const optionPrefix = `${useId()}-option-`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const control = useRef<HTMLDivElement>(null);
  const fits = useLabelFits(control, typeof label === 'string' ? label : undefined, required);
  const outline = outlineLabel(label, fits);

  const shown = open && (options.length > 0 || noneText !== undefined);
  const highlight = (index: number) => {
    setActive(index);
    // The highlighted suggestion stays in view in a list that scrolls.
    requestAnimationFrame(() => listRef.current?.querySelector(`#${CSS.escape(optionPrefix + index)}`)?.scrollIntoView?.({ block: 'nearest' }));
  };
  const pick = (option: ComboboxOption) => {
    onPick(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        highlight(e.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      highlight(active < 0 ? (step > 0 ? 0 : options.length - 1) : (active + step + options.length) % options.length);
    } else if (e.key === 'Enter' && shown && active >= 0 && options[active]) {
      // Takes the suggestion instead of sending the form.
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Box sx={{ position: 'relative' }}>
      <FormControl ref={control} fullWidth disabled={disabled} required={required} error={error}>
        {label && (
          <FieldLabel htmlFor={id} id={labelId} fits={fits}>
            {label}
          </FieldLabel>
        )}
        <OutlinedInput
          id={id}
          label={outline.label}
          notched={outline.notched}
          value={text}
          autoFocus={autoFocus}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(e) => {
            onText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onClick={() => setOpen(true)}
          onFocus={props.onFocus}
          onBlur={(e) => {
            setOpen(false);
            setActive(-1);
            props.onBlur(e as FocusEvent<HTMLInputElement>);
          }}
          endAdornment={
            <InputAdornment position="end" sx={{ pointerEvents: 'none', color: 'action.active' }}>
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden focusable="false" style={{ transform: shown ? 'rotate(180deg)' : undefined }}>
                <path d="M7 10l5 5 5-5z" fill="currentColor" />
              </svg>
            </InputAdornment>
          }
          inputProps={{
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': shown,
            'aria-controls': shown ? listId : undefined,
            'aria-activedescendant': shown && active >= 0 ? optionPrefix + active : undefined,
            ...aria,
          }}
        />
      </FormControl>
      {shown && (
        <Box
          component="ul"
          ref={listRef}
          id={listId}
          role="listbox"
          aria-labelledby={label ? labelId : undefined}
          // A press on the list must not take the focus from the field (its blur would close the list first).
          onMouseDown={(e) => e.preventDefault()}
          sx={{
            position: 'absolute',
            top: 'calc(100% + 4px)',
            left: 0,
            right: 0,
            zIndex: 'modal',
            m: 0,
            py: 0.5,
            px: 0,
            listStyle: 'none',
            bgcolor: 'background.paper',
            borderRadius: 1,
            boxShadow: 8,
            maxHeight: 'min(40vh, 320px)',
            overflowY: 'auto',
          }}
        >
          {options.length === 0 && (
            <Box component="li" sx={{ px: 2, py: 1.25, color: 'text.secondary' }}>
              {noneText}
            </Box>
          )}
          {options.map((option, i) => (
            <Box
              component="li"
              key={option.key}
              id={optionPrefix + i}
              role="option"
              aria-selected={i === active}
              onClick={() => pick(option)}
              onMouseMove={() => i !== active && setActive(i)}
              sx={{ px: 2, py: 1.25, cursor: 'pointer', '&[aria-selected="true"]': { bgcolor: 'action.hover' } }}
            >
              {option.label}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
