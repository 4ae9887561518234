// The public layout (spec 2.2): header bar above the page, footer below. Plain elements: see public.css.
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import Header from './Header.tsx';
import Footer from './Footer.tsx';
import './public.css';

export default function PublicLayout() {
  return (
    <div className="gp-public">
      <Header />
      <main className="gp-main">
        <Suspense
          fallback={
            <p className="gp-status gp-page-loading" role="status">
              लोड होत आहे…
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
