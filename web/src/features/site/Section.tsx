// A home page section: an anchor the header menu scrolls to, a title with the accent bar, content.
import './site.css';

export function SectionTitle({ title, subtitle, level = 2 }: { title: string; subtitle?: string; level?: 1 | 2 }) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="gp-title">
      <Heading>{title}</Heading>
      <span className="gp-title__bar" />
      {subtitle && <p>{subtitle}</p>}
    </div>
  );
}

export default function Section({
  id,
  title,
  subtitle,
  tinted,
  children,
}: {
  id?: string;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <section id={id} aria-label={title} className={tinted ? 'gp-section gp-section--tinted' : 'gp-section'}>
      <div className="gp-container">
        <SectionTitle title={title} subtitle={subtitle} />
        {children}
      </div>
    </section>
  );
}

/** A page of its own (/seva-full, /yojna-full, /samiti-full): the title is the page's h1. */
export function PageFrame({ title, subtitle, children }: { title: string; subtitle?: string; children?: React.ReactNode }) {
  return (
    <div className="gp-container gp-page">
      <SectionTitle title={title} subtitle={subtitle} level={1} />
      {children}
    </div>
  );
}
