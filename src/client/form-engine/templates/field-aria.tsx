/**
 * Field templates that say a field's rule once (the input's own aria is in ./aria.ts):
 * - a field shows one error at a time (ajv reports every broken rule: a short password broke both `minLength` and
 *   `pattern`), and its help gives way to the error instead of repeating the rule beside it.
 */
import FormHelperText from '@mui/material/FormHelperText';
import { errorId, type FieldErrorProps, type FieldHelpProps } from '@rjsf/utils';
import { muiTemplates as Templates } from '../theme';

const MuiFieldHelp = Templates.FieldHelpTemplate!;

export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  const id = errorId(fieldPathId);
  // @rjsf/mui's draws a list of them (MUI's List and ListItem, loaded by every form for one line of text); the field's
  // FormControl colours the text as an error.
  return (
    <div id={id} style={{ padding: '4px 0' }}>
      <FormHelperText component="div" id={`${id}-0`}>
        {errors[0]}
      </FormHelperText>
    </div>
  );
}

export function FieldHelpTemplate(props: FieldHelpProps) {
  if (props.hasErrors) return null;
  return <MuiFieldHelp {...props} />;
}
