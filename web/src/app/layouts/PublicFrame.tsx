// The public layout (spec 2.2): header bar above the page, footer below. Plain elements: see
// public.css. No router here: the server renders it around a public page (entry-server.tsx), and
// the staff app puts its router outlet inside (PublicLayout.tsx).
import Header from './Header.tsx';
import Footer from './Footer.tsx';
import './public.css';

export default function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="gp-public">
      {/* The keyboard's first stop: past the header's menu to the page (WCAG 2.4.1). */}
      <a className="gp-skip" href="#main">
        मुख्य मजकुराकडे जा <span lang="en">(Skip to content)</span>
      </a>
      <Header />
      <main className="gp-main" id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
