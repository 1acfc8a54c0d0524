import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

/** "Load more" under a paginated list (see usePagedApi): shown while there is a next page; its failure said under it. */
export function LoadMore({ state, label, pb }: { state: { more: (() => void) | null; loadingMore: boolean; moreError: string | null }; label: string; pb?: number }) {
  // Nothing at all (no empty padded box) when there is no next page.
  if (!state.more && !state.moreError) return null;
  return (
    <Box sx={{ textAlign: 'center', mt: 3, pb }}>
      {state.more && (
        <Button variant="outlined" onClick={state.more} disabled={state.loadingMore} startIcon={state.loadingMore ? <CircularProgress size={16} aria-hidden /> : undefined}>
          {label}
        </Button>
      )}
      {state.moreError && (
        <Alert severity="error" sx={{ mt: 2, textAlign: 'left' }}>
          {state.moreError}
        </Alert>
      )}
    </Box>
  );
}
