import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** What a form shows while its definition (and the code it draws with) is on the way. */
export function FormLoading() {
  return (
    <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress size={24} aria-hidden />
      Loading the form…
    </Box>
  );
}
