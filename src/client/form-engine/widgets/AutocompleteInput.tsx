/**
 * The text box of the engine's suggestion widgets (AutocompleteWidget, SearchableSelectWidget), built from its parts
 * like the other fields (templates/BaseInput.tsx) rather than with MUI's TextField, which brings its whole menu
 * select (Select, Menu, Popover, Modal) onto every form with a suggestion field.
 */
import type { FocusEventHandler, ReactNode } from 'react';
import type { AutocompleteRenderInputParams } from '@mui/material/Autocomplete';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface AutocompleteInputProps {
  params: AutocompleteRenderInputParams;
  label: ReactNode;
  required?: boolean;
  autoFocus?: boolean;
  placeholder?: string;
  error?: boolean;
  /** aria-invalid and aria-describedby for the input (templates/aria.ts). */
  aria: Record<string, unknown>;
  onBlur: FocusEventHandler;
  onFocus: FocusEventHandler;
}

export function AutocompleteInput({ params, label, required, autoFocus, placeholder, error, aria, onBlur, onFocus }: AutocompleteInputProps) {
  const { id, disabled, fullWidth, size, slotProps } = params;
  const { ref, className, startAdornment, endAdornment, onMouseDown } = slotProps.input;
  return (
    <FormControl fullWidth={fullWidth} size={size} disabled={disabled} required={required} error={error}>
      {label && (
        <InputLabel {...slotProps.inputLabel} htmlFor={id}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        id={id}
        ref={ref}
        className={className}
        startAdornment={startAdornment}
        endAdornment={endAdornment}
        onMouseDown={onMouseDown}
        label={label}
        autoFocus={autoFocus}
        placeholder={placeholder}
        onBlur={onBlur}
        onFocus={onFocus}
        inputProps={{ ...slotProps.htmlInput, ...aria }}
      />
    </FormControl>
  );
}
