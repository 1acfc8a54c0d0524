/**
 * The home page: the six sections of spec section 2, texts from the content file, project carousels fed by the
 * real project list. It loads no form engine, no validator and no Material: it is drawn in plain CSS
 * (src/client/ui/site.css), so a visitor's first use of the page loads React and the page's own code only.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useContent } from '../../config';
import { useApi } from '../../lib/use-api';
import Carousel from '../../components/Carousel';
import CounterBand from '../../components/CounterBand';
import ProjectCard from '../../components/ProjectCard';
import { EmptyState, ErrorState, SkeletonBlock } from '../../components/Status';
import { Initials } from '../../components/Initials';
import { LinkButton } from '../../ui/Button';
import { Icon, checkCircle, clothes, film, food, health, quote, school, star, tech } from '../../ui/icons';
import { gap } from '../../ui/grid';
import { useWords } from '../../lib/words';

/** The content file's category icons. */
const ICONS: Record<string, string> = { school, health, clothes, film, tech, food };

function Kicker({ children }: { children: ReactNode }) {
  return <p className="kicker">{children}</p>;
}

/** A centred section heading; `id` lets the section name itself by it (aria-labelledby). */
function SectionHeading({ kicker, heading, id }: { kicker: string; heading: string; id: string }) {
  return (
    <div className="section-heading">
      <Kicker>{kicker}</Kicker>
      <h2 id={id} className="t-h3 section-title">
        {heading}
      </h2>
    </div>
  );
}

/** Five gold stars, read as one image ("Rated 5 out of 5"); a testimonial's rating is not an input. */
function FiveStars() {
  const { t } = useWords();
  return (
    <span role="img" aria-label={t('Rated 5 out of 5')} className="five-stars">
      {[0, 1, 2, 3, 4].map((i) => (
        <Icon key={i} path={star} size="inherit" />
      ))}
    </span>
  );
}

function ProjectsCarousel({ path, label, empty, action, perView }: { path: `/projects?${string}`; label: string; empty: string; action: 'details' | 'donate'; perView?: { desktop: number; tablet: number; mobile: number } }) {
  const { data, error, loading, reload } = useApi(path);
  const { t } = useWords();
  if (loading) {
    return (
      <div className="grid" style={gap(24)}>
        {['', 'from-sm', 'from-md'].map((shownFrom) => (
          <div key={shownFrom} className={`col-12 col-sm-6 col-md-4 ${shownFrom}`}>
            <SkeletonBlock height={380} />
          </div>
        ))}
      </div>
    );
  }
  if (error) return <ErrorState message={t('Projects could not be loaded: {reason}', { reason: error.message })} onRetry={reload} />;
  if (!data?.items.length) {
    return (
      <EmptyState
        title={empty}
        action={
          <LinkButton to="/fundraising" variant="contained">
            {t('Apply for funding')}
          </LinkButton>
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
  const { t } = useWords();
  return (
    <>
      {/* 1. Hero */}
      <section aria-labelledby="hero-heading" className="home-band home-hero">
        <div className="container">
          <div className="grid home-split">
            <div className="col-12 col-md-6">
              {h.hero.kicker && <Kicker>{h.hero.kicker}</Kicker>}
              <h1 id="hero-heading" className="t-h2 hero-title">
                {h.hero.heading}
              </h1>
              <p className="t-body hero-text">{h.hero.text}</p>
              <LinkButton to={h.hero.cta.to} variant="contained" size="large">
                {h.hero.cta.label}
              </LinkButton>
            </div>
            <div className="col-12 col-md-6">
              <div className="hero-pictures">
                {h.hero.images.map((img, i) => (
                  <img
                    key={img.src}
                    src={img.src}
                    alt={img.alt}
                    width={i === 0 ? 360 : 280}
                    height={i === 0 ? 420 : 200}
                    // The first picture is the largest thing on a phone's first screen: fetched before the scripts.
                    fetchPriority={i === 0 ? 'high' : undefined}
                    className={i === 0 ? 'picture hero-picture-main' : 'picture'}
                  />
                ))}
              </div>
            </div>
          </div>
        </div>
      </section>

      {/* 2. Popular Categories */}
      <section aria-labelledby="categories-heading" className="container home-section">
        <SectionHeading id="categories-heading" kicker={h.categories.kicker} heading={h.categories.heading} />
        <div className="grid" style={gap(16)}>
          {h.categories.items.map((c) => (
            <div key={c.label} className="col-6 col-sm-4 col-md-2">
              <div className="card" style={{ height: '100%' }}>
                <Link to={c.to ?? `/projects?category=${encodeURIComponent(c.category)}`} className="card-action">
                  <span className="card-content category-tile">
                    <span className="category-icon">{ICONS[c.icon] && <Icon path={ICONS[c.icon]!} size="large" />}</span>
                    <span className="t-strong-600">{c.label}</span>
                  </span>
                </Link>
              </div>
            </div>
          ))}
        </div>
        <div style={{ textAlign: 'center', marginTop: 32 }}>
          <LinkButton to={h.categories.viewAll.to} variant="outlined" size="large">
            {h.categories.viewAll.label}
          </LinkButton>
        </div>
      </section>

      {/* 3. Why Choose Us, with the video */}
      <section aria-labelledby="why-heading" className="home-band home-why">
        <div className="container">
          <div className="grid home-split">
            <div className="col-12 col-md-6">
              {h.whyVideo.videoUrl ? (
                <div className="video-frame">
                  <iframe src={h.whyVideo.videoUrl} title={h.whyVideo.videoTitle} loading="lazy" allow="accelerometer; encrypted-media; gyroscope; picture-in-picture" allowFullScreen />
                </div>
              ) : (
                <img loading="lazy" src="/images/why-choose-us.svg" alt={t('An investor and a business owner shaking hands over a signed agreement')} width={560} height={360} className="picture" style={{ height: 'auto' }} />
              )}
            </div>
            <div className="col-12 col-md-6">
              <Kicker>{h.whyVideo.kicker}</Kicker>
              <h2 id="why-heading" className="t-h3 section-title" style={{ marginBottom: 16 }}>
                {h.whyVideo.heading}
              </h2>
              <p className="t-body t-muted" style={{ fontSize: 17, marginBottom: 24 }}>
                {h.whyVideo.text}
              </p>
              <ul className="plain-list why-points">
                {h.whyVideo.points.map((p) => (
                  <li key={p}>
                    <Icon path={checkCircle} className="t-primary" />
                    <p className="t-body">{p}</p>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>

      {/* 4. Popular Projects and the counter band */}
      <section aria-labelledby="projects-heading" className="container home-section">
        <SectionHeading id="projects-heading" kicker={h.projects.kicker} heading={h.projects.heading} />
        <ProjectsCarousel path="/projects?limit=9&sort=newest" label={t('Popular projects')} empty={h.projects.empty ?? t('No projects yet.')} action="details" />
      </section>
      <CounterBand counters={h.counters} />

      {/* 5. What we do: the green panel, the founder and testimonials */}
      <section aria-labelledby="what-heading" className="container home-section">
        <SectionHeading id="what-heading" kicker={h.whatWeDo.kicker} heading={h.whatWeDo.heading} />
        <div className="grid" style={gap(24)}>
          <div className="col-12 col-md-5">
            <div className="what-panel">
              {h.whatWeDo.panel.map((item) => (
                <div key={item.title}>
                  <h3 className="t-h5 t-gutter">{item.title}</h3>
                  <p className="t-body" style={{ opacity: 0.92 }}>
                    {item.text}
                  </p>
                </div>
              ))}
              <div className="founder">
                <Initials name={h.whatWeDo.founder.name} className="initials-founder" />
                <div>
                  <p className="t-body t-strong">{h.whatWeDo.founder.name}</p>
                  <p className="t-body2">{h.whatWeDo.founder.role}</p>
                  <p className="t-body2" style={{ marginTop: 4, fontStyle: 'italic' }}>
                    “{h.whatWeDo.founder.quote}”
                  </p>
                </div>
              </div>
            </div>
          </div>
          <div className="col-12 col-md-7">
            <div className="grid" style={gap(16)}>
              {h.whatWeDo.testimonials.map((t) => (
                <div key={t.name} className="col-12 col-sm-6">
                  <div className="card" style={{ height: '100%' }}>
                    <div className="card-content">
                      <Icon path={quote} className="t-secondary" />
                      <p className="t-body" style={{ marginBottom: 16 }}>
                        {t.text}
                      </p>
                      <div className="testimonial-by">
                        <Initials name={t.name} />
                        <div style={{ flex: 1 }}>
                          <p className="t-body t-strong">{t.name}</p>
                          <p className="t-body2 t-muted">{t.title}</p>
                        </div>
                        <FiveStars />
                      </div>
                    </div>
                  </div>
                </div>
              ))}
            </div>
          </div>
        </div>
      </section>

      {/* 6. Call to action, then the donation carousel */}
      <section aria-label={t('Get started')} className="home-band home-cta">
        <div className="container">
          <div className="grid" style={gap(24)}>
            {h.cta.map((c, i) => (
              <div key={c.title} className="col-12 col-md-6">
                <div className={i === 0 ? 'cta-panel cta-panel-dark' : 'cta-panel cta-panel-gold'}>
                  <h2 className="t-h4 cta-title">{c.title}</h2>
                  <p className="t-body" style={{ marginBottom: 24, opacity: 0.92 }}>
                    {c.text}
                  </p>
                  <LinkButton to={c.to} variant="contained" color={i === 0 ? 'secondary' : 'primary'} size="large">
                    {c.button}
                  </LinkButton>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section aria-labelledby="donate-heading" className="container home-section">
        <SectionHeading id="donate-heading" kicker={h.donate.kicker} heading={h.donate.heading} />
        <ProjectsCarousel
          path="/projects?limit=8&status=open&sort=newest"
          label={t('Projects asking for donations')}
          empty={h.donate.empty ?? t('Nothing to donate to yet.')}
          action="donate"
          perView={{ desktop: 2, tablet: 2, mobile: 1 }}
        />
      </section>
    </>
  );
}
