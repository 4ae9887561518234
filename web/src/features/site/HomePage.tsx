// / : the home page sections the header menu scrolls to. Each section is its own component so the
// public-site issue can fill them (carousel, village information, schemes, committees, news).
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useSiteProfile } from './api.ts';

function Section({ id, title, children }: { id: string; title: string; children?: React.ReactNode }) {
  return (
    <Box component="section" id={id} sx={{ py: { xs: 4, md: 6 }, scrollMarginTop: 100 }}>
      <Container>
        <Typography variant="h4" component="h2" gutterBottom>{title}</Typography>
        {children}
      </Container>
    </Box>
  );
}

export default function HomePage() {
  const p = useSiteProfile();
  return (
    <>
      <Section id="home" title={p?.officeName || 'ग्रामपंचायत कार्यालय'}>
        <Typography>{p?.summary || 'गावाच्या सर्वांगीण विकासासाठी कार्यरत ग्रामपंचायत.'}</Typography>
      </Section>
      <Section id="grampanchayat" title="ग्रामपंचायत माहिती" />
      <Section id="yojana" title="शासकीय योजना" />
      <Section id="samiti" title="ग्राम समित्या" />
      <Section id="news" title="ताज्या बातम्या" />
    </>
  );
}
