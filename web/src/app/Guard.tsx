// Staff routes: without a valid session, go to /login and replace the history entry.
import { Navigate, Outlet } from 'react-router-dom';
import { useSession } from '../lib/session.ts';

export default function Guard() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  return <Outlet />;
}
