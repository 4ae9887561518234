// Public footer (spec 2.3). The newsletter box makes no call, as in the spec.
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import TextField from '@mui/material/TextField';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import FacebookIcon from '@mui/icons-material/Facebook';
import XIcon from '@mui/icons-material/X';
import InstagramIcon from '@mui/icons-material/Instagram';
import { useSiteProfile } from '../../features/site/api.ts';

export default function Footer() {
  const p = useSiteProfile();
  const year = new Date().getFullYear();
  return (
    <Box component="footer" sx={{ bgcolor: '#0b2545', color: '#e8eef7', mt: 6, pt: 5, pb: 3, px: { xs: 2, md: 6 } }}>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography variant="h6" gutterBottom>{p?.officeName || 'ग्रामपंचायत कार्यालय'}</Typography>
          <Typography variant="body2">गावाच्या सर्वांगीण विकासासाठी पारदर्शक, लोकाभिमुख आणि डिजिटल सेवा.</Typography>
        </Grid>
        <Grid size={{ xs: 6, md: 2 }}>
          <Typography variant="subtitle1" gutterBottom>द्रुत दुवे</Typography>
          {['मुख्यपृष्ठ', 'योजना', 'सेवा', 'संपर्क'].map((l) => (
            <Link key={l} href="#" color="inherit" underline="hover" variant="body2" sx={{ display: "block" }}>{l}</Link>
          ))}
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <Typography variant="subtitle1" gutterBottom>संपर्क</Typography>
          {p?.address && <Typography variant="body2">{p.address}{p.postalCode ? ` - ${p.postalCode}` : ''}</Typography>}
          {p?.phone && <Typography variant="body2">दूरध्वनी: <Link color="inherit" href={`tel:${p.phone}`}>{p.phone}</Link></Typography>}
          {p?.email && <Typography variant="body2">ई-मेल: <Link color="inherit" href={`mailto:${p.email}`}>{p.email}</Link></Typography>}
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <Typography variant="subtitle1" gutterBottom>बातमीपत्र</Typography>
          <Box component="form" onSubmit={(e: React.FormEvent) => e.preventDefault()} sx={{ display: 'flex', gap: 1 }}>
            <TextField size="small" label="तुमचा ई-मेल" type="email" variant="filled" sx={{ bgcolor: 'white', borderRadius: 1, flexGrow: 1 }} />
            <Button type="submit" variant="contained" color="secondary" sx={{ whiteSpace: "nowrap", flexShrink: 0 }}>सदस्य व्हा</Button>
          </Box>
        </Grid>
      </Grid>
      <Box sx={{ borderTop: '1px solid rgba(255,255,255,.2)', mt: 4, pt: 2, display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="body2">© {year} {p?.officeName || 'ग्रामपंचायत कार्यालय'}. सर्व हक्क राखीव.</Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Link href="#" color="inherit" aria-label="facebook"><FacebookIcon /></Link>
          <Link href="#" color="inherit" aria-label="twitter"><XIcon /></Link>
          <Link href="#" color="inherit" aria-label="instagram"><InstagramIcon /></Link>
        </Box>
        <Typography variant="body2">
          Powered By <Link color="inherit" href="https://github.com/" target="_blank" rel="noopener noreferrer">Gram Panchayat Portal contributors</Link>
          {' · '}<Link color="inherit" href="mailto:portal@example.org">portal@example.org</Link>
        </Typography>
      </Box>
    </Box>
  );
}
