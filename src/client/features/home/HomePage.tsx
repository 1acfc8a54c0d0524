/**
 * The home page: the six sections of spec section 2, texts from the content file, project carousels fed by the
 * real project list. It loads no form engine and no validator.
 */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import SchoolIcon from '@mui/icons-material/School';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import CheckroomIcon from '@mui/icons-material/Checkroom';
import MovieIcon from '@mui/icons-material/Movie';
import MemoryIcon from '@mui/icons-material/Memory';
import SpaIcon from '@mui/icons-material/Spa';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import StarIcon from '@mui/icons-material/Star';
import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { useContent } from '../../config';
import { useApi } from '../../lib/use-api';
import type { ProjectPage } from '../../../shared/api/views';
import Carousel from '../../components/Carousel';
import CounterBand from '../../components/CounterBand';
import ProjectCard from '../../components/ProjectCard';
import { EmptyState, ErrorState, SkeletonBlock } from '../../components/Status';
import { sxList } from '../../lib/sx';

const ICONS: Record<string, ReactNode> = {
  school: <SchoolIcon fontSize="large" />,
  health: <LocalHospitalIcon fontSize="large" />,
  clothes: <CheckroomIcon fontSize="large" />,
  film: <MovieIcon fontSize="large" />,
  tech: <MemoryIcon fontSize="large" />,
  food: <SpaIcon fontSize="large" />,
};

function Kicker({ children }: { children: ReactNode }) {
  return (
    <Typography component="p" sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: 1, textTransform: 'uppercase', fontSize: 14, mb: 1 }}>
      {children}
    </Typography>
  );
}

/** A centred section heading; `id` lets the section name itself by it (aria-labelledby). */
function SectionHeading({ kicker, heading, id }: { kicker: string; heading: string; id: string }) {
  return (
    <Box sx={{ textAlign: 'center', mb: 4 }}>
      <Kicker>{kicker}</Kicker>
      <Typography id={id} variant="h3" component="h2" sx={{ fontSize: { xs: 28, md: 38 } }}>
        {heading}
      </Typography>
    </Box>
  );
}

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}

/**
 * A person's initials in a circle (what Material's Avatar draws for a text child; its code, 1 kB gzip, would draw
 * only this here).
 */
function Initials({ name, sx }: { name: string; sx?: SxProps<Theme> }) {
  return (
    <Box
      aria-hidden
      sx={[
        { flexShrink: 0, width: 40, height: 40, borderRadius: '50%', display: 'grid', placeItems: 'center', fontSize: 20, lineHeight: 1, bgcolor: 'primary.main', color: 'common.white' },
        ...sxList(sx),
      ]}
    >
      {initials(name)}
    </Box>
  );
}

/** Five gold stars, read as one image ("Rated 5 out of 5"); a testimonial's rating is not an input. */
function FiveStars() {
  return (
    <Box role="img" aria-label="Rated 5 out of 5" sx={{ display: 'inline-flex', color: '#faaf00', fontSize: 18 }}>
      {[0, 1, 2, 3, 4].map((i) => (
        <StarIcon key={i} fontSize="inherit" />
      ))}
    </Box>
  );
}

function ProjectsCarousel({ path, label, empty, action, perView }: { path: string; label: string; empty: string; action: 'details' | 'donate'; perView?: { desktop: number; tablet: number; mobile: number } }) {
  const { data, error, loading, reload } = useApi<ProjectPage>(path);
  if (loading) {
    return (
      <Grid container spacing={3}>
        {[0, 1, 2].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }} sx={{ display: { xs: i ? 'none' : 'block', sm: i > 1 ? 'none' : 'block', md: 'block' } }}>
            <SkeletonBlock height={380} />
          </Grid>
        ))}
      </Grid>
    );
  }
  if (error) return <ErrorState message={`Projects could not be loaded: ${error.message}`} onRetry={reload} />;
  if (!data?.items.length) {
    return (
      <EmptyState
        title={empty}
        action={
          <Button component={RouterLink} to="/fundraising" variant="contained">
            Apply for funding
          </Button>
        }
      />
    );
  }
  return (
    <Carousel label={label} perView={perView}>
      {data.items.map((p) => (
        <ProjectCard key={p.id} project={p} action={action} />
      ))}
    </Carousel>
  );
}

export default function HomePage() {
  const content = useContent();
  const h = content.home;
  return (
    <>
      {/* 1. Hero */}
      <Box component="section" aria-labelledby="hero-heading" sx={{ bgcolor: '#eaf4ef', py: { xs: 5, md: 9 }, overflow: 'hidden' }}>
        <Container>
          <Grid container spacing={5} sx={{ alignItems: "center" }}>
            <Grid size={{ xs: 12, md: 6 }}>
              {h.hero.kicker && <Kicker>{h.hero.kicker}</Kicker>}
              <Typography id="hero-heading" variant="h2" component="h1" sx={{ fontSize: { xs: 34, sm: 44, md: 54 }, lineHeight: 1.15, mb: 2 }}>
                {h.hero.heading}
              </Typography>
              <Typography sx={{ fontSize: 18, color: 'text.secondary', mb: 4, maxWidth: 560 }}>{h.hero.text}</Typography>
              <Button component={RouterLink} to={h.hero.cta.to} variant="contained" size="large">
                {h.hero.cta.label}
              </Button>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Box sx={{ display: 'grid', gridTemplateColumns: '1.2fr 1fr', gridTemplateRows: 'repeat(2, minmax(120px, 1fr))', gap: 2, height: { xs: 300, md: 420 } }}>
                {h.hero.images.map((img, i) => (
                  <Box
                    key={img.src}
                    component="img"
                    src={img.src}
                    alt={img.alt}
                    width={i === 0 ? 360 : 280}
                    height={i === 0 ? 420 : 200}
                    // The first picture is the largest thing on a phone's first screen: fetched before the scripts.
                    fetchPriority={i === 0 ? 'high' : undefined}
                    sx={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: 3, gridRow: i === 0 ? 'span 2' : undefined, boxShadow: 3 }}
                  />
                ))}
              </Box>
            </Grid>
          </Grid>
        </Container>
      </Box>

      {/* 2. Popular Categories */}
      <Container component="section" aria-labelledby="categories-heading" sx={{ py: { xs: 6, md: 9 } }}>
        <SectionHeading id="categories-heading" kicker={h.categories.kicker} heading={h.categories.heading} />
        <Grid container spacing={2}>
          {h.categories.items.map((c) => (
            <Grid key={c.label} size={{ xs: 6, sm: 4, md: 2 }}>
              <Card sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={c.to ?? `/projects?category=${encodeURIComponent(c.category)}`} sx={{ height: '100%' }}>
                  <CardContent sx={{ textAlign: 'center', py: 3 }}>
                    <Box sx={{ color: 'primary.main', mb: 1 }} aria-hidden>
                      {ICONS[c.icon]}
                    </Box>
                    <Typography sx={{ fontWeight: 600 }}>{c.label}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
        <Box sx={{ textAlign: 'center', mt: 4 }}>
          <Button component={RouterLink} to={h.categories.viewAll.to} variant="outlined" size="large">
            {h.categories.viewAll.label}
          </Button>
        </Box>
      </Container>

      {/* 3. Why Choose Us, with the video */}
      <Box component="section" aria-labelledby="why-heading" sx={{ bgcolor: 'background.paper', py: { xs: 6, md: 9 } }}>
        <Container>
          <Grid container spacing={5} sx={{ alignItems: "center" }}>
            <Grid size={{ xs: 12, md: 6 }}>
              {h.whyVideo.videoUrl ? (
                <Box sx={{ position: 'relative', pt: '56.25%', borderRadius: 3, overflow: 'hidden', boxShadow: 3 }}>
                  <Box
                    component="iframe"
                    src={h.whyVideo.videoUrl}
                    title={h.whyVideo.videoTitle}
                    loading="lazy"
                    allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                    allowFullScreen
                    sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 }}
                  />
                </Box>
              ) : (
                <Box component="img" loading="lazy" src="/images/why-choose-us.svg" alt="An investor and a business owner shaking hands over a signed agreement" width={560} height={360} sx={{ width: '100%', height: 'auto', borderRadius: 3, boxShadow: 3 }} />
              )}
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Kicker>{h.whyVideo.kicker}</Kicker>
              <Typography id="why-heading" variant="h3" component="h2" sx={{ fontSize: { xs: 28, md: 38 }, mb: 2 }}>
                {h.whyVideo.heading}
              </Typography>
              <Typography sx={{ color: 'text.secondary', fontSize: 17, mb: 3 }}>{h.whyVideo.text}</Typography>
              <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
                {h.whyVideo.points.map((p) => (
                  <Box component="li" key={p} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                    <CheckCircleIcon color="primary" aria-hidden />
                    <Typography>{p}</Typography>
                  </Box>
                ))}
              </Box>
            </Grid>
          </Grid>
        </Container>
      </Box>

      {/* 4. Popular Projects and the counter band */}
      <Container component="section" aria-labelledby="projects-heading" sx={{ py: { xs: 6, md: 9 } }}>
        <SectionHeading id="projects-heading" kicker={h.projects.kicker} heading={h.projects.heading} />
        <ProjectsCarousel path="/projects?limit=9&sort=newest" label="Popular projects" empty={h.projects.empty ?? 'No projects yet.'} action="details" />
      </Container>
      <CounterBand counters={h.counters} />

      {/* 5. What we do: the green panel, the founder and testimonials */}
      <Container component="section" aria-labelledby="what-heading" sx={{ py: { xs: 6, md: 9 } }}>
        <SectionHeading id="what-heading" kicker={h.whatWeDo.kicker} heading={h.whatWeDo.heading} />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Box sx={{ bgcolor: 'primary.main', color: 'common.white', borderRadius: 3, p: { xs: 3, md: 4 }, height: '100%', display: 'flex', flexDirection: 'column', gap: 3 }}>
              {h.whatWeDo.panel.map((item) => (
                <Box key={item.title}>
                  <Typography variant="h5" component="h3" gutterBottom>
                    {item.title}
                  </Typography>
                  <Typography sx={{ opacity: 0.92 }}>{item.text}</Typography>
                </Box>
              ))}
              <Box sx={{ mt: 'auto', bgcolor: 'rgba(255,255,255,0.12)', borderRadius: 2, p: 2.5, display: 'flex', gap: 2, alignItems: 'center' }}>
                <Initials name={h.whatWeDo.founder.name} sx={{ bgcolor: 'secondary.main', color: 'secondary.contrastText', width: 56, height: 56, fontWeight: 700 }} />
                <Box>
                  <Typography sx={{ fontWeight: 700 }}>{h.whatWeDo.founder.name}</Typography>
                  <Typography variant="body2">
                    {h.whatWeDo.founder.role}
                  </Typography>
                  <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
                    “{h.whatWeDo.founder.quote}”
                  </Typography>
                </Box>
              </Box>
            </Box>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Grid container spacing={2}>
              {h.whatWeDo.testimonials.map((t) => (
                <Grid key={t.name} size={{ xs: 12, sm: 6 }}>
                  <Card sx={{ height: '100%' }}>
                    <CardContent>
                      <FormatQuoteIcon color="secondary" aria-hidden />
                      <Typography sx={{ mb: 2 }}>{t.text}</Typography>
                      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                        <Initials name={t.name} />
                        <Box sx={{ flex: 1 }}>
                          <Typography sx={{ fontWeight: 700 }}>{t.name}</Typography>
                          <Typography variant="body2" color="text.secondary">
                            {t.title}
                          </Typography>
                        </Box>
                        <FiveStars />
                      </Box>
                    </CardContent>
                  </Card>
                </Grid>
              ))}
            </Grid>
          </Grid>
        </Grid>
      </Container>

      {/* 6. Call to action, then the donation carousel */}
      <Box component="section" aria-label="Get started" sx={{ bgcolor: '#eaf4ef', py: { xs: 6, md: 8 } }}>
        <Container>
          <Grid container spacing={3}>
            {h.cta.map((c, i) => (
              <Grid key={c.title} size={{ xs: 12, md: 6 }}>
                <Box sx={{ bgcolor: i === 0 ? 'primary.dark' : 'secondary.main', color: i === 0 ? 'common.white' : 'secondary.contrastText', borderRadius: 3, p: { xs: 3, md: 5 }, height: '100%' }}>
                  <Typography variant="h4" component="h2" sx={{ fontSize: { xs: 24, md: 30 }, mb: 1.5 }}>
                    {c.title}
                  </Typography>
                  <Typography sx={{ mb: 3, opacity: 0.92 }}>{c.text}</Typography>
                  <Button component={RouterLink} to={c.to} variant="contained" color={i === 0 ? 'secondary' : 'primary'} size="large">
                    {c.button}
                  </Button>
                </Box>
              </Grid>
            ))}
          </Grid>
        </Container>
      </Box>
      <Container component="section" aria-labelledby="donate-heading" sx={{ py: { xs: 6, md: 9 } }}>
        <SectionHeading id="donate-heading" kicker={h.donate.kicker} heading={h.donate.heading} />
        <ProjectsCarousel
          path="/projects?limit=8&status=open&sort=newest"
          label="Projects asking for donations"
          empty={h.donate.empty ?? 'Nothing to donate to yet.'}
          action="donate"
          perView={{ desktop: 2, tablet: 2, mobile: 1 }}
        />
      </Container>
    </>
  );
}
