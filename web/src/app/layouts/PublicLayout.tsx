// The public layout inside the staff app's router (/login, /reg, and a public page opened from a
// staff screen): PublicFrame around the route's page.
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import PublicFrame from './PublicFrame.tsx';

export default function PublicLayout() {
  return (
    <PublicFrame>
      <Suspense
        fallback={
          <p className="gp-status gp-page-loading" role="status">
            लोड होत आहे…
          </p>
        }
      >
        <Outlet />
      </Suspense>
    </PublicFrame>
  );
}
