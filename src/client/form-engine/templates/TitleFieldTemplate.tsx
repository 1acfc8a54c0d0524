import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
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
      <Divider />
    </Box>
  );
}
