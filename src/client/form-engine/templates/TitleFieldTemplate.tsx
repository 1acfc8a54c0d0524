import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TitleFieldProps } from '@rjsf/utils';

/**
 * A field title that heads a part of the form (an array such as Documents or Social media). It is an h2 styled small:
 * under the page's h1 or a form group's heading the outline never skips a level (RJSF's own is an h5, which does).
 */
export default function TitleFieldTemplate({ id, title }: TitleFieldProps) {
  return (
    <Box id={id} sx={{ my: 1 }}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {/* MUI's Divider's rule, without its module (a form's only use of it). */}
      <Box component="hr" sx={{ m: 0, flexShrink: 0, borderWidth: 0, borderStyle: 'solid', borderColor: 'divider', borderBottomWidth: 'thin' }} />
    </Box>
  );
}
