import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import PhoneIcon from '@mui/icons-material/Phone';
import EmailIcon from '@mui/icons-material/Email';
import PlaceIcon from '@mui/icons-material/Place';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useContent } from '../../config';

/** The top contact bar (contact details from the content file), a landmark of its own so no content is outside one. */
export default function ContactBar() {
  const content = useContent();
  const c = content.contact;
  const item = { display: 'inline-flex', alignItems: 'center', gap: 0.75 } as const;
  return (
    <Box component="aside" aria-label="Contact details" className="no-print on-dark" sx={{ bgcolor: 'primary.dark', color: 'common.white', fontSize: 14, py: 0.75 }}>
      <Container sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, md: 3 }, justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
          <Link href={`tel:${c.phone.replace(/[^+\d]/g, '')}`} color="inherit" underline="hover" sx={item}>
            <PhoneIcon fontSize="inherit" aria-hidden /> {c.phone}
          </Link>
          <Link href={`mailto:${c.email}`} color="inherit" underline="hover" sx={item}>
            <EmailIcon fontSize="inherit" aria-hidden /> {c.email}
          </Link>
        </Box>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 3 }}>
          <Box component="span" sx={item}>
            <PlaceIcon fontSize="inherit" aria-hidden /> {c.address}
          </Box>
          <Box component="span" sx={item}>
            <ScheduleIcon fontSize="inherit" aria-hidden /> {c.hours}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
