import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import Box from '@mui/material/Box';
import Header from './Header.tsx';
import Footer from './Footer.tsx';
import Loading from '../../components/Loading.tsx';

export default function PublicLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Header />
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Suspense fallback={<Loading />}><Outlet /></Suspense>
      </Box>
      <Footer />
    </Box>
  );
}
