import Typography from '@mui/material/Typography';
import type { DescriptionFieldProps } from '@rjsf/utils';

/**
 * A form's or field's description: a paragraph of help, not a heading (RJSF's MUI theme draws it as an h6, which
 * breaks the page's heading outline for screen-reader users).
 */
export default function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Typography id={id} variant="body2" component="div" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
      {description}
    </Typography>
  );
}
