import type { ReactNode } from 'react';

/** A page's title band. */
export default function PageHero({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <div className="page-hero">
      <div className="container">
        <h1 className="t-h3 page-hero-title">{title}</h1>
        {intro && <p className="t-body page-hero-intro">{intro}</p>}
        {children}
      </div>
    </div>
  );
}
