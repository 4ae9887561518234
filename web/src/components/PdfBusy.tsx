// The screen-wide "making the PDF" cover while a staff page waits for a PDF it asked the server for.
import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export default function PdfBusy({ open }: { open: boolean }) {
  return (
    <Backdrop open={open} sx={{ zIndex: (t) => t.zIndex.modal + 1, color: 'white', flexDirection: 'column', gap: 2 }}>
      <CircularProgress color="inherit" />
      <Typography role="status" sx={{ fontSize: 20 }}>
        PDF तयार करत आहे...
      </Typography>
    </Backdrop>
  );
}
