// A staff screen that a later issue builds: the title, a way back, and a clear "coming" note.
import Box from '@mui/material/Box';
import BackToAdmin from './BackToAdmin.tsx';
import ComingSoon from './ComingSoon.tsx';

export default function StaffPlaceholder({ title }: { title: string }) {
  return (
    <Box sx={{ p: 2 }}>
      <BackToAdmin />
      <ComingSoon title={title} />
    </Box>
  );
}
