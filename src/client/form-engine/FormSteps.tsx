/**
 * The steps of a form whose ui-schema asks for them (`"ui:options": { "steps": true }`): a numbered list in the look
 * of Material's stepper with labels under the numbers, drawn with our own few elements (Material's Stepper brings its
 * roving-focus helpers for steps nobody presses). Loaded only by such forms.
 */
import Box from '@mui/material/Box';

export interface FormStepsProps {
  titles: readonly string[];
  active: number;
}

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

export default function FormSteps({ titles, active }: FormStepsProps) {
  return (
    <Box component="ol" aria-label="Form steps" sx={{ display: 'flex', listStyle: 'none', m: 0, mb: 3, p: 0 }}>
      {titles.map((title, i) => {
        const done = i < active;
        const current = i === active;
        return (
          <Box
            component="li"
            key={title}
            aria-current={current ? 'step' : undefined}
            sx={{
              flex: 1,
              // Four steps share a phone's width: a long title wraps inside its own step instead of widening it.
              minWidth: 0,
              position: 'relative',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              textAlign: 'center',
              px: { xs: 0.5, sm: 1 },
              // The line from the previous step, between the two circles.
              '&:not(:first-of-type)::before': {
                content: '""',
                position: 'absolute',
                top: 12,
                left: 'calc(-50% + 20px)',
                right: 'calc(50% + 20px)',
                borderTop: 1,
                borderColor: 'divider',
              },
            }}
          >
            <Box
              aria-hidden
              sx={{
                width: 24,
                height: 24,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                fontSize: '0.75rem',
                color: 'primary.contrastText',
                bgcolor: done || current ? 'primary.main' : 'text.disabled',
              }}
            >
              {done ? (
                <svg width="16" height="16" viewBox="0 0 24 24" focusable="false">
                  <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" fill="currentColor" />
                </svg>
              ) : (
                i + 1
              )}
            </Box>
            <Box component="span" sx={{ mt: 2, typography: 'body2', fontSize: { xs: '0.8125rem', sm: '0.875rem' }, overflowWrap: 'anywhere', hyphens: 'auto', color: current || done ? 'text.primary' : 'text.secondary', fontWeight: current ? 500 : undefined }}>
              {title}
              {done && <span style={hidden}> (done)</span>}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
